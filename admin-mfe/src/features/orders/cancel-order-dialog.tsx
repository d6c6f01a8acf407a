import { ConfirmDialog } from '@toolshop/ui';
import type { Order } from '@toolshop/contracts';

/** Asks before an unpaid order is cancelled (it cannot be undone; it stays under the Canceled filter). */
export function CancelOrderDialog({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  order: Order | null;
  busy: boolean;
  onConfirm: (order: Order) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      danger
      busy={busy}
      onConfirm={() => order && onConfirm(order)}
      onCancel={onClose}
    >
      The unpaid order of <strong>{order?.orderQuantity}</strong> × <strong>{order?.name}</strong>{' '}
      by {order?.email} will be canceled and its units go back in stock. This cannot be undone.
    </ConfirmDialog>
  );
}
