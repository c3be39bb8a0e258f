import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { addLeadSchema } from '../../../shared/schemas/leads';
import { FormActions } from '../../components/form-actions';
import { FormField, TextareaField } from '../../components/form-field';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useAddLead } from './use-leads';

/** Spec "Add Lead": name required; e-mail and phone optional; source forced to manual; notes optional. */
export function AddLeadForm({ onDone }: { onDone: () => void }) {
  // The server's schema: the same rules and messages on both sides (the phone is checked by the server).
  const form = useForm({ resolver: zodResolver(addLeadSchema), defaultValues: { name: '', email: '', phone: '', notes: '' } });
  const { errors } = form.formState;
  const add = useAddLead(onDone);
  const id = useId();

  return (
    <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((lead) => add.mutate(lead))}>
        <DialogHeader>
          <DialogTitle>Add Lead</DialogTitle>
          <DialogDescription>Someone who called, walked in or asked in person. Only the name is required.</DialogDescription>
        </DialogHeader>
        <FormField id={`${id}-name`} label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <FormField id={`${id}-email`} label="Email" optional type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
        <FormField
          id={`${id}-phone`}
          label="Phone"
          optional
          type="tel"
          autoComplete="off"
          placeholder="(555) 123-4567"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextareaField id={`${id}-notes`} label="Notes" optional rows={3} error={errors.notes?.message} {...form.register('notes')} />
        <FormActions onCancel={onDone} pending={add.isPending} submitLabel="Add Lead" pendingLabel="Adding..." />
      </form>
    </DialogContent>
  );
}
