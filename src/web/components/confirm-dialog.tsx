import { Loader2, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The confirming button's words ("Delete client"). */
  confirmLabel: string;
  /** True while the confirmed action runs: both buttons wait and the dialog can't be closed. */
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Destructive (red, a bin) by default. */
  variant?: 'destructive' | 'default';
  icon?: ReactNode;
  /** The confirming button's words while the action runs, in place of a spinner ("Regenerating..."). */
  pendingLabel?: string;
}

/** The one confirm dialog: nothing happens until the owner presses the confirming button. */
export function ConfirmDialog({ open, title, description, confirmLabel, pending, onConfirm, onClose, variant = 'destructive', icon = <Trash2 />, pendingLabel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !pending && onClose()}>
      {open && (
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button variant={variant} onClick={onConfirm} disabled={pending}>
              {pending && pendingLabel ? (
                pendingLabel
              ) : (
                <>
                  {pending ? <Loader2 className="animate-spin" /> : icon}
                  {confirmLabel}
                </>
              )}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
