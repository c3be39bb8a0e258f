import type { Form } from '../../../shared/schemas/forms';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteForm } from './use-forms';

/** "Delete {name}?": nothing is deleted until the owner confirms; the leads it brought in stay. */
export function DeleteFormDialog({ form, onClose }: { form: Form | null; onClose: () => void }) {
  const remove = useDeleteForm(onClose);
  return (
    <ConfirmDialog
      open={form !== null}
      title={`Delete ${form?.name}?`}
      description={`The form stops working wherever it is embedded. The ${form?.submissionCount === 1 ? 'lead' : 'leads'} it brought in stay in your inbox. This can't be undone.`}
      confirmLabel="Delete form"
      pending={remove.isPending}
      onConfirm={() => form && remove.mutate(form)}
      onClose={onClose}
    />
  );
}
