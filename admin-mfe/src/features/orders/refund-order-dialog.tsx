import { useState, type FormEvent } from 'react';
import {
  formatDollars,
  ORDER_REASON_MAX_LENGTH,
  refundAmountOf,
  unitsLeft,
  type Order,
  type RefundLine,
} from '@toolshop/contracts';
import { Button, Dialog, Field } from '@toolshop/ui';
import { allUnitsPicked, pickedLines, UnitsPicker } from '@toolshop/ui/orders';
import styles from './orders-table.module.css';

interface RefundOrderDialogProps {
  order: Order | null;
  busy: boolean;
  /** `lines` only when some of the units left are refunded (without them: every unit left). */
  onRefund: (order: Order, reason: string, lines?: RefundLine[]) => void;
  onClose: () => void;
}

/**
 * Asks before an order, or some of its units, is refunded to the customer's card: which units
 * (all that are left to start with), how much, that it cannot be undone, and an optional reason
 * (the customer's email and the order's history show it).
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
  const [picked, setPicked] = useState(() => allUnitsPicked(order));
  const lines = pickedLines(picked);
  const unitsLeftCount = unitsLeft(order).reduce((sum, line) => sum + line.left, 0);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const whole = units === unitsLeftCount;
  const amount = formatDollars(units ? refundAmountOf(order, lines) : 0);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (units === 0) return;
    onRefund(order, reason, whole ? undefined : lines);
  };

  return (
    <form onSubmit={submit} className={styles.approve} noValidate>
      <p>
        <strong>{amount}</strong> goes back to the card of {order.email} for{' '}
        {whole
          ? order.refunds?.length
            ? 'every unit not refunded yet'
            : `${order.orderQuantity} × ${order.name}: the whole order`
          : `${units} of the ${unitsLeftCount} units left`}
        . Units that have not shipped go back in stock, and the customer gets an email.{' '}
        <strong>A refund cannot be undone.</strong>
      </p>
      <UnitsPicker
        order={order}
        picked={picked}
        onChange={setPicked}
        legend="Units to refund"
        error={units === 0 ? 'Choose at least one unit to refund' : undefined}
      />
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
        <Button type="submit" variant="danger" disabled={busy || units === 0}>
          Refund {amount}
        </Button>
      </div>
    </form>
  );
}
