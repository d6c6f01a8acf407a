import { ConfirmDialog } from '@toolshop/ui';
import { formatCount, formatDollars, type Order } from '@toolshop/contracts';

interface CancelOrderDialogProps {
  order: Order | null;
  busy: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

export function CancelOrderDialog({ order, busy, onConfirm, onDismiss }: CancelOrderDialogProps) {
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onDismiss}
    >
      {order && (
        <p>
          Your order of {formatCount(order.orderQuantity)} × {order.name} (
          {formatDollars(order.totalPrice)}) will be canceled. This cannot be undone.
        </p>
      )}
    </ConfirmDialog>
  );
}
