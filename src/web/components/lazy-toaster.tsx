import { lazy, Suspense, useState } from 'react';
import { useToast } from './ui/use-toast';

const Toaster = lazy(async () => ({ default: (await import('./ui/toaster')).Toaster }));

/** The toast viewport's code (Radix) loads with the first toast, not with every page. */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
