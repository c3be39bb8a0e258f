import type { FieldErrors } from 'react-hook-form';

/** Every validation message react-hook-form holds, in the schema's order (for forms that report by toast). */
export function errorMessages(errors: FieldErrors): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') out.push(message);
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'message' && key !== 'type') walk(child);
  };
  walk(errors);
  return out;
}
