import { formatDateTime, orderState, type Order } from '@toolshop/contracts';
import styles from './orders.module.css';

/** The reader's local date and time of an ISO instant; undefined when there is none or it is not a date. */
export const formatReservedUntil = (iso: string | undefined): string | undefined =>
  (iso && formatDateTime(iso)) || undefined;

/** An unpaid order holds its stock until `reservedUntil`; after that the API cancels it (expired). */
export function ReservedUntil({
  order,
}: {
  order: Pick<Order, 'state' | 'paid' | 'shipped' | 'reservedUntil'>;
}) {
  const label =
    orderState(order) === 'unpaid' ? formatReservedUntil(order.reservedUntil) : undefined;
  if (!label) return null;
  return (
    <span className={styles.reserved}>
      Reserved until <time dateTime={order.reservedUntil}>{label}</time>
    </span>
  );
}
