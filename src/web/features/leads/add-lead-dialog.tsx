import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogTrigger } from '../../components/ui/dialog';
import { useHydrated } from '../../lib/use-hydrated';

// The form and its checks load when the owner opens it, not with the inbox.
const AddLeadForm = lazy(async () => ({ default: (await import('./add-lead-form')).AddLeadForm }));

export function AddLeadDialog() {
  const [open, setOpen] = useState(false);
  const live = useHydrated();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={!live}>
          <Plus />
          Add Lead
        </Button>
      </DialogTrigger>
      {open && (
        <Suspense fallback={null}>
          <AddLeadForm onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}
