import type { ComponentProps, ReactNode } from 'react';
import { Input } from './ui/input';
import { FieldError, Label } from './ui/label';
import { Textarea } from './ui/textarea';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  /** Something beside the label, e.g. a "Forgot your password?" link. */
  aside?: ReactNode;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  /** A line under the field (a hint, a character count). */
  hint?: ReactNode;
}

/** The label, the control, the hint and the validation message underneath: every form field's frame. */
function FieldFrame({ id, label, error, aside, optional, hint, children }: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>
          {label}
          {optional && <span className="font-normal text-slate-500"> (optional)</span>}
        </Label>
        {aside}
      </div>
      {children}
      {hint}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

const described = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

type FormFieldProps = FieldFrameProps & ComponentProps<typeof Input>;

/** A labelled input with its validation message underneath; spread `form.register(name)` into it. */
export function FormField({ id, label, error, aside, optional, hint, ...inputProps }: FormFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} aside={aside} optional={optional} hint={hint}>
      <Input id={id} {...described(id, error)} {...inputProps} />
    </FieldFrame>
  );
}

type TextareaFieldProps = FieldFrameProps & ComponentProps<typeof Textarea>;

/** A labelled textarea with its validation message underneath. */
export function TextareaField({ id, label, error, aside, optional, hint, ...inputProps }: TextareaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} aside={aside} optional={optional} hint={hint}>
      <Textarea id={id} {...described(id, error)} {...inputProps} />
    </FieldFrame>
  );
}
