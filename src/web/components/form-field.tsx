import type { ComponentProps, ComponentType, ReactNode } from 'react';
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

type Control = ComponentType<Record<string, unknown>>;

function field({ id, label, error, aside, optional, hint, ...controlProps }: FieldFrameProps & object, Control: Control) {
  return (
    <FieldFrame id={id} label={label} error={error} aside={aside} optional={optional} hint={hint}>
      <Control id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...controlProps} />
    </FieldFrame>
  );
}

/** A labelled input with its validation message underneath; spread `form.register(name)` into it. */
export const FormField = (props: FieldFrameProps & ComponentProps<typeof Input>) => field(props, Input as Control);

/** A labelled textarea with its validation message underneath. */
export const TextareaField = (props: FieldFrameProps & ComponentProps<typeof Textarea>) => field(props, Textarea as Control);

/** A message box with its counter under it (the counter is announced with the box). */
export function MessageField({ counter, ...props }: Omit<FieldFrameProps, 'hint' | 'label'> & ComponentProps<typeof Textarea> & { counter: (id: string) => ReactNode }) {
  const counterId = `${props.id}-count`;
  return (
    <TextareaField
      label="Message"
      rows={5}
      aria-describedby={props.error ? `${props.id}-error ${counterId}` : counterId}
      hint={counter(counterId)}
      {...props}
    />
  );
}
