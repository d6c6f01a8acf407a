import type { Order } from '@toolshop/contracts';
import { formatReservedUntil } from './reserved-until';
import styles from './orders.module.css';

/** A declined company order: the reason its owner or approver gave. */
export function DeclineReason({ order }: { order: Pick<Order, 'state' | 'declineReason'> }) {
  if (order.state !== 'declined' || !order.declineReason) return null;
  return <span className={styles.reserved}>Reason: {order.declineReason}</span>;
}

/** An order on the company's account: when its invoice is due. */
export function DueDate({ order }: { order: Pick<Order, 'state' | 'dueAt'> }) {
  const label = order.state === 'on_account' ? formatReservedUntil(order.dueAt) : undefined;
  if (!label) return null;
  return (
    <span className={styles.reserved}>
      Invoice due <time dateTime={order.dueAt}>{label}</time>
    </span>
  );
}
