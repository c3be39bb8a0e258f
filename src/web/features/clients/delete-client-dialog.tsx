import { Loader2, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useDeleteClient } from './use-client-detail';

type Target = { id: number; name: string; bookings: number };

/** "Delete {name}?" with what goes with them; nothing is deleted until the owner confirms. */
export function DeleteClientDialog({ client, onClose, onDeleted }: { client: Target | null; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteClient(onDeleted);
  const n = client?.bookings ?? 0;
  return (
    <Dialog open={client !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      {client && (
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Delete {client.name}?</DialogTitle>
            <DialogDescription>
              This removes {client.name} and their {n} {n === 1 ? 'booking' : 'bookings'} from your client list, stats and trends. It can&apos;t be
              undone; importing their bookings again adds them back as a new client.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => remove.mutate(client)} disabled={remove.isPending}>
              {remove.isPending ? <Loader2 className="animate-spin" /> : <Trash2 />}
              Delete client
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
