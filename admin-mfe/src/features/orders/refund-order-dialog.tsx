import { useState, type FormEvent } from 'react';
import { formatDollars, ORDER_REASON_MAX_LENGTH, type Order } from '@toolshop/contracts';
import { Button, Dialog, Field } from '@toolshop/ui';
import styles from './orders-table.module.css';

interface RefundOrderDialogProps {
  order: Order | null;
  busy: boolean;
  onRefund: (order: Order, reason: string) => void;
  onClose: () => void;
}

/**
 * Asks before a whole order is refunded to the customer's card: says how much, that it cannot be
 * undone, and takes an optional reason (the customer's email and the order's history show it).
 */
export function RefundOrderDialog({ order, busy, onRefund, onClose }: RefundOrderDialogProps) {
  return (
    <Dialog open={order !== null} title="Refund this order?" onClose={onClose}>
      {order && (
        <RefundForm
          key={order._id}
          order={order}
          busy={busy}
          onRefund={onRefund}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RefundForm({ order, busy, onRefund, onClose }: RefundOrderDialogProps & { order: Order }) {
  const [reason, setReason] = useState('');
  const amount = formatDollars(order.totalPrice);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onRefund(order, reason);
  };

  return (
    <form onSubmit={submit} className={styles.approve}>
      <p>
        <strong>{amount}</strong> goes back to the card of {order.email} for {order.orderQuantity} ×{' '}
        {order.name}: the whole order. Units that have not shipped go back in stock, and the
        customer gets an email. <strong>A refund cannot be undone.</strong>
      </p>
      <Field
        label="Reason (optional)"
        name="reason"
        multiline
        rows={3}
        maxLength={ORDER_REASON_MAX_LENGTH}
        hint="The customer reads it in the refund email."
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        autoFocus
      />
      <div className={styles.dialogActions}>
        <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
          Keep order
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          Refund {amount}
        </Button>
      </div>
    </form>
  );
}
