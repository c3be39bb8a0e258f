import { useId, useState } from 'react';
import { addLeadSchema } from '../../../shared/schemas/leads';
import { Button } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useAddLead } from './use-leads';

const EMPTY = { name: '', email: '', phone: '', notes: '' };
type Field = keyof typeof EMPTY;

/** Spec "Add Lead": name required; e-mail and phone optional; source forced to manual; notes optional. */
export function AddLeadForm({ onDone }: { onDone: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const add = useAddLead(onDone);
  const id = useId();
  const set = (key: Field) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };
  const describedBy = (key: Field) => (errors[key] ? `${id}-${key}-error` : undefined);

  return (
    <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          // The server's schema: the same rules and messages on both sides (the phone is checked by the server).
          const parsed = addLeadSchema.safeParse(form);
          if (!parsed.success) {
            const next: Partial<Record<Field, string>> = {};
            for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
            return setErrors(next);
          }
          add.mutate(parsed.data);
        }}
      >
        <DialogHeader>
          <DialogTitle>Add Lead</DialogTitle>
          <DialogDescription>Someone who called, walked in or asked in person. Only the name is required.</DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input id={`${id}-name`} autoComplete="off" value={form.name} onChange={set('name')} aria-invalid={!!errors.name} aria-describedby={describedBy('name')} />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-email`}>
            Email <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Input id={`${id}-email`} type="email" autoComplete="off" value={form.email} onChange={set('email')} aria-invalid={!!errors.email} aria-describedby={describedBy('email')} />
          <FieldError id={`${id}-email-error`} message={errors.email} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-phone`}>
            Phone <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Input id={`${id}-phone`} type="tel" autoComplete="off" placeholder="(555) 123-4567" value={form.phone} onChange={set('phone')} aria-invalid={!!errors.phone} aria-describedby={describedBy('phone')} />
          <FieldError id={`${id}-phone-error`} message={errors.phone} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-notes`}>
            Notes <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Textarea id={`${id}-notes`} rows={3} value={form.notes} onChange={set('notes')} aria-invalid={!!errors.notes} aria-describedby={describedBy('notes')} />
          <FieldError id={`${id}-notes-error`} message={errors.notes} />
        </div>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Lead'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
