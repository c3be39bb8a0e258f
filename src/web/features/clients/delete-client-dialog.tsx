import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteClient } from './use-client-detail';

type Target = { id: number; name: string; bookings: number };

/** "Delete {name}?" with what goes with them; nothing is deleted until the owner confirms. */
export function DeleteClientDialog({ client, onClose, onDeleted }: { client: Target | null; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteClient(onDeleted);
  const n = client?.bookings ?? 0;
  return (
    <ConfirmDialog
      open={client !== null}
      title={`Delete ${client?.name}?`}
      description={`This removes ${client?.name} and their ${n} ${n === 1 ? 'booking' : 'bookings'} from your client list, stats and trends. It can't be undone; importing their bookings again adds them back as a new client.`}
      confirmLabel="Delete client"
      pending={remove.isPending}
      onConfirm={() => client && remove.mutate(client)}
      onClose={onClose}
    />
  );
}
