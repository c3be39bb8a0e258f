import { useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A Settings section's edit mode: Edit and Cancel both put the saved values back (nothing half-typed survives a
 * Cancel); a save leaves edit mode with `done`. `saved` is undefined while the section's read is loading.
 */
export function useEditMode<T extends FieldValues>(form: UseFormReturn<T>, saved: DefaultValues<T> | undefined) {
  const [editing, setEditing] = useState(false);
  const restore = () => {
    if (saved) form.reset(saved);
  };
  return {
    editing,
    edit: () => {
      if (!saved) return;
      restore();
      setEditing(true);
    },
    cancel: () => {
      restore();
      setEditing(false);
    },
    done: () => setEditing(false),
  };
}
