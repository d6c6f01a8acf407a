import type { FormEvent } from 'react';
import { allUnitsLeft, formatDollars, refundAmountOf, type Order } from '@toolshop/contracts';
import { Button, Dialog } from '@toolshop/ui';
import { ReasonField, unitsText, useRequiredReason } from '@toolshop/ui/orders';
import styles from './orders-table.module.css';

interface ReturnDialogProps {
  order: Order | null;
  busy: boolean;
  onClose: () => void;
}

/** Refusing a return: the reason is required, and the customer reads it in their email. */
export function RefuseReturnDialog({
  order,
  busy,
  onRefuse,
  onClose,
}: ReturnDialogProps & { onRefuse: (order: Order, reason: string) => void }) {
  return (
    <Dialog open={order !== null} title="Refuse this return?" onClose={onClose}>
      {order && (
        <RefuseForm
          key={order._id}
          order={order}
          busy={busy}
          onRefuse={onRefuse}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RefuseForm({
  order,
  busy,
  onRefuse,
  onClose,
}: ReturnDialogProps & { order: Order; onRefuse: (order: Order, reason: string) => void }) {
  const reason = useRequiredReason('Say why: the customer reads it');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.check()) onRefuse(order, reason.reason);
  };
  return (
    <form onSubmit={submit} className={styles.approve} noValidate>
      <p>
        {order.email} asked to return {unitsText(order, order.return?.lines ?? allUnitsLeft(order))}
        . Refused, the order stays delivered and the customer gets an email with your reason.
      </p>
      <ReasonField label="Reason" {...reason.field} />
      <div className={styles.dialogActions}>
        <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
          Keep the request
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          Refuse return
        </Button>
      </div>
    </form>
  );
}

/** The goods are back: receiving them refunds the units returned (all, or those the customer chose), which cannot be undone. */
export function ReceiveReturnDialog({
  order,
  busy,
  onReceive,
  onClose,
}: ReturnDialogProps & { onReceive: (order: Order) => void }) {
  const lines = order ? (order.return?.lines ?? allUnitsLeft(order)) : [];
  const amount = order ? formatDollars(refundAmountOf(order, lines)) : '';
  return (
    <Dialog open={order !== null} title="Has the return arrived?" onClose={onClose}>
      {order && (
        <div className={styles.approve}>
          <p>
            Marking {unitsText(order, lines)} received puts the units back in stock and refunds{' '}
            <strong>{amount}</strong> to the card of {order.email}.{' '}
            <strong>A refund cannot be undone.</strong>
          </p>
          <div className={styles.dialogActions}>
            <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
              Not yet
            </Button>
            <Button
              type="button"
              variant="primary"
              disabled={busy}
              onClick={() => onReceive(order)}
            >
              Received: refund {amount}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
