import { useId, useState } from 'react';
import { formatPhone } from '../../../shared/format';
import { CLIENT_NOTES_MAX, type ClientDetail, updateClientSchema } from '../../../shared/schemas/client-detail';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { useUpdateClient } from './use-client-detail';

/** Edit on the client view: name, e-mail, phone and notes, checked by the server's own schema first. */
export function ClientEditForm({ detail, onDone }: { detail: ClientDetail; onDone: () => void }) {
  const { client } = detail;
  const [form, setForm] = useState({ name: client.name, email: client.email ?? '', phone: formatPhone(client.phone), notes: detail.notes ?? '' });
  const update = useUpdateClient(client.id, onDone);
  const id = useId();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <form
      noValidate
      className="grid gap-4"
      aria-label="Edit client"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = updateClientSchema.safeParse(form);
        if (!parsed.success) {
          toast({ title: 'Error', description: parsed.error.issues[0].message, variant: 'destructive' });
          return;
        }
        update.mutate(parsed.data);
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>Client Name</Label>
        <Input id={`${id}-name`} value={form.name} onChange={set('name')} autoComplete="off" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input id={`${id}-email`} type="email" value={form.email} onChange={set('email')} autoComplete="off" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-phone`}>Phone</Label>
          <Input id={`${id}-phone`} type="tel" value={form.phone} onChange={set('phone')} placeholder="(555) 123-4567" />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-notes`}>Notes</Label>
        <Textarea id={`${id}-notes`} value={form.notes} onChange={set('notes')} maxLength={CLIENT_NOTES_MAX} placeholder="Gate code, pets, preferences..." />
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
