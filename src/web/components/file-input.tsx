import type { ComponentProps } from 'react';
import { cn } from '../lib/utils';

/** A file picker styled as a dashed drop box (the import card and the setup guide's upload step). */
export function FileInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="file"
      className={cn(
        'block w-full cursor-pointer rounded-lg border border-dashed border-slate-300 bg-white p-3 text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700 hover:border-brand-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        className,
      )}
      {...props}
    />
  );
}
