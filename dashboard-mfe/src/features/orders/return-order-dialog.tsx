import { useState, type FormEvent } from 'react';
import {
  formatCount,
  RETURN_WINDOW_DAYS,
  unitsLeft,
  type Order,
  type RefundLine,
} from '@toolshop/contracts';
import { Button, Dialog } from '@toolshop/ui';
import {
  allUnitsPicked,
  pickedLines,
  ReasonField,
  UnitsPicker,
  useRequiredReason,
} from '@toolshop/ui/orders';
import styles from './orders.module.css';

interface ReturnOrderDialogProps {
  order: Order | null;
  busy: boolean;
  /** `lines` only when some of the units are sent back (without them: every unit). */
  onReturn: (order: Order, reason: string, lines?: RefundLine[]) => void;
  onClose: () => void;
}

/** Asks which units and why before a delivered order, or part of it, goes back; the shop answers by email. */
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
  const reason = useRequiredReason('Tell us why you are returning it');
  const [picked, setPicked] = useState(() => allUnitsPicked(order));
  const lines = pickedLines(picked);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const left = unitsLeft(order).reduce((sum, line) => sum + line.left, 0);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (units === 0) return;
    if (reason.check()) onReturn(order, reason.reason, units === left ? undefined : lines);
  };
  return (
    <form onSubmit={submit} className={styles.returnForm} noValidate>
      <p>
        You can return {formatCount(left)} × {order.name}, or some of them, within{' '}
        {RETURN_WINDOW_DAYS} days of delivery. We email you once we have looked at your request; the
        money goes back to your card when the tools are back with us.
      </p>
      <UnitsPicker
        order={order}
        picked={picked}
        onChange={setPicked}
        legend="Units to return"
        error={units === 0 ? 'Choose at least one unit to return' : undefined}
      />
      <ReasonField label="Why are you returning it?" {...reason.field} />
      <div className={styles.returnActions}>
        <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
          Keep order
        </Button>
        <Button type="submit" variant="primary" disabled={busy || units === 0}>
          Request return
        </Button>
      </div>
    </form>
  );
}
