import { useId, useState, type ComponentProps } from 'react';
import { serviceTypesFor } from '../../../shared/constants';
import { ADD_CLIENT_MISSING, addClientSchema } from '../../../shared/schemas/clients';
import { Button } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../../lib/auth';
import { useAddClient } from './use-client-mutations';

const EMPTY = { name: '', email: '', phone: '', serviceDate: '', serviceType: '', amount: '' };

/** Tomorrow in the browser's time zone: the server refuses later dates (docs/clients-api.md). */
function latestDate(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function Field({ label, id, optional, ...input }: { label: string; id: string; optional?: boolean } & ComponentProps<typeof Input>) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-slate-500"> (optional)</span>}
      </Label>
      <Input id={id} {...input} />
    </div>
  );
}

export function AddClientForm({ onDone }: { onDone: () => void }) {
  const { business } = useAuth();
  const serviceTypes = serviceTypesFor(business?.businessType);
  const [form, setForm] = useState({ ...EMPTY, serviceType: serviceTypes[0] });
  const add = useAddClient(onDone);
  const id = useId();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          // The server's schema: the same rules and the same messages on both sides.
          const parsed = addClientSchema.safeParse(form);
          if (!parsed.success) {
            const messages = parsed.error.issues.map((i) => i.message);
            if (messages.includes(ADD_CLIENT_MISSING)) {
              toast({ title: 'Missing Information', description: ADD_CLIENT_MISSING, variant: 'destructive' });
            } else {
              toast({ title: 'Error', description: messages[0], variant: 'destructive' });
            }
            return;
          }
          add.mutate(parsed.data);
        }}
      >
        <DialogHeader>
          <DialogTitle>Add Client</DialogTitle>
          <DialogDescription>Add a client with the booking they just had.</DialogDescription>
        </DialogHeader>
        <Field label="Client Name" id={`${id}-name`} value={form.name} onChange={set('name')} autoComplete="off" />
        <Field label="Email" id={`${id}-email`} type="email" value={form.email} onChange={set('email')} autoComplete="off" />
        <Field label="Phone" optional id={`${id}-phone`} type="tel" value={form.phone} onChange={set('phone')} placeholder="(555) 123-4567" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Service Date" id={`${id}-date`} type="date" max={latestDate()} value={form.serviceDate} onChange={set('serviceDate')} />
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-type`}>Service Type</Label>
            <Select value={form.serviceType} onValueChange={(v) => setForm((f) => ({ ...f, serviceType: v }))}>
              <SelectTrigger id={`${id}-type`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {serviceTypes.map((t) => (
                  <SelectItem key={t} value={t}>
                    {t}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <Field
          label="Service Amount ($)"
          id={`${id}-amount`}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          placeholder="0.00"
          value={form.amount}
          onChange={set('amount')}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Client'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
