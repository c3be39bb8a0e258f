import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { MAX_DESCRIPTION, MAX_FORM_NAME } from '../../../shared/schemas/forms';
import { FormField, TextareaField } from '../../components/form-field';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import type { Draft } from './draft';

type Props = { form: UseFormReturn<Draft>; nameError?: string; showActive: boolean };

/** Form Settings: name (required), description and, when editing, whether the form takes submissions. */
export function SettingsTab({ form, nameError, showActive }: Props) {
  // A new name clears the message (the builder shows one at a time) until the next save.
  const name = form.register('name', { onChange: () => form.clearErrors() });
  return (
    <div className="space-y-4">
      <FormField id="form-name" label="Form name" maxLength={MAX_FORM_NAME} placeholder="e.g. Free quote request" error={nameError} {...name} />
      <TextareaField
        id="form-description"
        label="Description (optional)"
        maxLength={MAX_DESCRIPTION}
        rows={3}
        placeholder="Shown under the form's title, e.g. Tell us about your home and we'll send a quote within a day."
        {...form.register('description')}
      />
      {showActive && (
        <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => <Checkbox id="form-active" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} className="mt-0.5" />}
          />
          <div>
            <Label htmlFor="form-active">Active</Label>
            <p className="mt-1 text-sm text-slate-500">An inactive form stays on your site but tells visitors it is not accepting submissions.</p>
          </div>
        </div>
      )}
    </div>
  );
}
