import type { ChangeEvent } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

interface TypedFieldOptions {
  /** Rewrites the text as it is typed (digits only, no spaces). */
  tidy?: (text: string) => string;
  /** Clears every message, not only this field's: for a message about the whole form. */
  clearAll?: boolean;
  /** The value the form keeps for the text (e.g. a number); the box keeps the text as typed. It is also given the default value. */
  setValueAs?: (value: unknown) => unknown;
}

/**
 * `form.register(name)` for an input whose text may be tidied as it is typed and whose message goes away while
 * the owner types: a form with `reValidateMode: 'onSubmit'` checks again on the next submit, one with
 * `mode: 'onChange'` at once.
 */
export function typedField<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>, { tidy, clearAll, setValueAs }: TypedFieldOptions = {}) {
  const field = form.register(name, setValueAs ? { setValueAs } : undefined);
  return {
    ...field,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      if (tidy) e.target.value = tidy(e.target.value);
      if (clearAll) form.clearErrors();
      else form.clearErrors(name);
      return field.onChange(e);
    },
  };
}
