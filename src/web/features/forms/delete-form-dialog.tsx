import { Loader2, Trash2 } from 'lucide-react';
import type { Form } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useDeleteForm } from './use-forms';

/** "Delete {name}?": nothing is deleted until the owner confirms; the leads it brought in stay. */
export function DeleteFormDialog({ form, onClose }: { form: Form | null; onClose: () => void }) {
  const remove = useDeleteForm(onClose);
  return (
    <Dialog open={form !== null} onOpenChange={(o) => !o && !remove.isPending && onClose()}>
      {form && (
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Delete {form.name}?</DialogTitle>
            <DialogDescription>
              The form stops working wherever it is embedded. The {form.submissionCount === 1 ? 'lead' : 'leads'} it brought in stay in your inbox. This
              can&apos;t be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => remove.mutate(form)} disabled={remove.isPending}>
              {remove.isPending ? <Loader2 className="animate-spin" /> : <Trash2 />}
              Delete form
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
