import type { Order } from '@toolshop/contracts';
import styles from './orders.module.css';

/** A declined company order: the reason its owner or approver gave. */
export function DeclineReason({ order }: { order: Pick<Order, 'state' | 'declineReason'> }) {
  if (order.state !== 'declined' || !order.declineReason) return null;
  return <span className={styles.reserved}>Reason: {order.declineReason}</span>;
}
