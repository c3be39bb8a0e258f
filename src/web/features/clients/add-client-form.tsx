import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { serviceTypesFor } from '../../../shared/constants';
import { ADD_CLIENT_MISSING, addClientSchema } from '../../../shared/schemas/clients';
import { FormActions } from '../../components/form-actions';
import { FormField } from '../../components/form-field';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { FilterSelect } from '../../components/paged-list';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../../lib/auth';
import { errorMessages } from '../../lib/form-errors';
import { useAddClient } from './use-client-mutations';

const EMPTY = { name: '', email: '', phone: '', serviceDate: '', serviceType: '', amount: '' };

/** Tomorrow in the browser's time zone: the server refuses later dates (docs/clients-api.md). */
function latestDate(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function AddClientForm({ onDone }: { onDone: () => void }) {
  const { business } = useAuth();
  const serviceTypes = serviceTypesFor(business?.businessType);
  // The server's schema: the same rules and the same messages on both sides, reported by toast as the spec says.
  const form = useForm({ resolver: zodResolver(addClientSchema), defaultValues: { ...EMPTY, serviceType: serviceTypes[0] } });
  const add = useAddClient(onDone);
  const id = useId();
  const onInvalid = (errors: FieldErrors) => {
    const messages = errorMessages(errors);
    if (messages.includes(ADD_CLIENT_MISSING)) {
      toast({ title: 'Missing Information', description: ADD_CLIENT_MISSING, variant: 'destructive' });
    } else {
      toast({ title: 'Error', description: messages[0], variant: 'destructive' });
    }
  };

  return (
    <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((client) => add.mutate(client), onInvalid)}>
        <DialogHeader>
          <DialogTitle>Add Client</DialogTitle>
          <DialogDescription>Add a client with the booking they just had.</DialogDescription>
        </DialogHeader>
        <FormField label="Client Name" id={`${id}-name`} autoComplete="off" {...form.register('name')} />
        <FormField label="Email" id={`${id}-email`} type="email" autoComplete="off" {...form.register('email')} />
        <FormField label="Phone" optional id={`${id}-phone`} type="tel" placeholder="(555) 123-4567" {...form.register('phone')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Service Date" id={`${id}-date`} type="date" max={latestDate()} {...form.register('serviceDate')} />
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-type`}>Service Type</Label>
            <Controller
              control={form.control}
              name="serviceType"
              render={({ field }) => (
                <FilterSelect id={`${id}-type`} label="Service Type" className="" value={field.value ?? ''} onChange={field.onChange} options={serviceTypes.map((t) => [t, t] as const)} />
              )}
            />
          </div>
        </div>
        <FormField
          label="Service Amount ($)"
          id={`${id}-amount`}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          placeholder="0.00"
          {...form.register('amount')}
        />
        <FormActions onCancel={onDone} pending={add.isPending} submitLabel="Add Client" pendingLabel="Adding..." />
      </form>
    </DialogContent>
  );
}
