import { useState, type FormEvent } from 'react';
import { ORDER_REASON_MAX_LENGTH, RETURN_WINDOW_DAYS, type Order } from '@toolshop/contracts';
import { Button, Dialog, Field } from '@toolshop/ui';
import { formatQuantity } from './format-quantity';
import styles from './orders.module.css';

interface ReturnOrderDialogProps {
  order: Order | null;
  busy: boolean;
  onReturn: (order: Order, reason: string) => void;
  onClose: () => void;
}

/** Asks why before a delivered order goes back; the shop answers by email. */
export function ReturnOrderDialog({ order, busy, onReturn, onClose }: ReturnOrderDialogProps) {
  return (
    <Dialog open={order !== null} title="Return this order?" onClose={onClose}>
      {order && (
        <ReturnForm
          key={order._id}
          order={order}
          busy={busy}
          onReturn={onReturn}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ReturnForm({ order, busy, onReturn, onClose }: ReturnOrderDialogProps & { order: Order }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Tell us why you are returning it');
    onReturn(order, reason);
  };
  return (
    <form onSubmit={submit} className={styles.returnForm} noValidate>
      <p>
        You can return {formatQuantity(order.orderQuantity)} × {order.name} within{' '}
        {RETURN_WINDOW_DAYS} days of delivery. We email you once we have looked at your request; the
        money goes back to your card when the tools are back with us.
      </p>
      <Field
        label="Why are you returning it?"
        name="reason"
        multiline
        rows={3}
        required
        maxLength={ORDER_REASON_MAX_LENGTH}
        error={error}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
        autoFocus
      />
      <div className={styles.returnActions}>
        <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
          Keep order
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          Request return
        </Button>
      </div>
    </form>
  );
}
