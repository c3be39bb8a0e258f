import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { formatPhone } from '../../../shared/format';
import { CLIENT_NOTES_MAX, type ClientDetail, updateClientSchema } from '../../../shared/schemas/client-detail';
import { FormActions } from '../../components/form-actions';
import { FormField, TextareaField } from '../../components/form-field';
import { toast } from '../../components/ui/use-toast';
import { errorMessages } from '../../lib/form-errors';
import { useUpdateClient } from './use-client-detail';

const onInvalid = (errors: FieldErrors) => toast({ title: 'Error', description: errorMessages(errors)[0], variant: 'destructive' });

/** Edit on the client view: name, e-mail, phone and notes, checked by the server's own schema first. */
export function ClientEditForm({ detail, onDone }: { detail: ClientDetail; onDone: () => void }) {
  const { client } = detail;
  const form = useForm({
    resolver: zodResolver(updateClientSchema),
    defaultValues: { name: client.name, email: client.email ?? '', phone: formatPhone(client.phone), notes: detail.notes ?? '' },
  });
  const update = useUpdateClient(client.id, onDone);
  const id = useId();

  return (
    <form noValidate className="grid gap-4" aria-label="Edit client" onSubmit={form.handleSubmit((changes) => update.mutate(changes), onInvalid)}>
      <FormField id={`${id}-name`} label="Client Name" autoComplete="off" {...form.register('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-email`} label="Email" type="email" autoComplete="off" {...form.register('email')} />
        <FormField id={`${id}-phone`} label="Phone" type="tel" placeholder="(555) 123-4567" {...form.register('phone')} />
      </div>
      <TextareaField id={`${id}-notes`} label="Notes" maxLength={CLIENT_NOTES_MAX} placeholder="Gate code, pets, preferences..." {...form.register('notes')} />
      <FormActions className="flex justify-end gap-2 border-t border-slate-100 pt-4" onCancel={onDone} pending={update.isPending} submitLabel="Save" pendingLabel="Saving..." />
    </form>
  );
}
