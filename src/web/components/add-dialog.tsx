import { Plus } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { Button } from './ui/button';
import { Dialog, DialogTrigger } from './ui/dialog';

/**
 * An "Add …" button that opens a dialog. `form` renders the dialog's content; pass a lazy component so the
 * form and its checks (the shared zod schema) load when the owner opens it, not with the page.
 */
export function AddDialog({ label, form }: { label: string; form: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const live = useHydrated();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={!live}>
          <Plus />
          {label}
        </Button>
      </DialogTrigger>
      {open && <Suspense fallback={null}>{form(() => setOpen(false))}</Suspense>}
    </Dialog>
  );
}
