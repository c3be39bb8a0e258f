import { Fragment, type ReactNode } from 'react';
import { Dialog } from './ui/dialog';

/**
 * A dialog about one item (a client, a referral): open while `item` is set, its content made afresh for each
 * item (keyed by id) so a prefilled form never shows the previous item's values.
 */
export function ItemDialog<T extends { id: number }>({ item, onClose, children }: { item: T | null; onClose: () => void; children: (item: T) => ReactNode }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && <Fragment key={item.id}>{children(item)}</Fragment>}
    </Dialog>
  );
}
