import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogTrigger } from '../../components/ui/dialog';
import { useHydrated } from '../../lib/use-hydrated';

// The form and its checks (the shared zod schema) load when the owner opens it, not with the dashboard.
const AddClientForm = lazy(async () => ({ default: (await import('./add-client-form')).AddClientForm }));

export function AddClientDialog() {
  const [open, setOpen] = useState(false);
  const live = useHydrated();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={!live}>
          <Plus />
          Add Client
        </Button>
      </DialogTrigger>
      {open && (
        <Suspense fallback={null}>
          <AddClientForm onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}
