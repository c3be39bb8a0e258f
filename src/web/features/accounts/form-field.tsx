import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';

interface FormFieldProps extends ComponentProps<typeof Input> {
  id: string;
  label: string;
  error?: string;
  /** Something beside the label, e.g. a "Forgot your password?" link. */
  aside?: ReactNode;
}

/** A labelled input with its validation message underneath. */
export function FormField({ id, label, error, aside, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...inputProps} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
