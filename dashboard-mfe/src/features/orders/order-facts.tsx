import { formatDate, PurchaseOrderMessages, type Order } from '@toolshop/contracts';
import styles from './orders.module.css';

/** "Nov 28, 2026" in the reader's time zone; undefined without a valid date. */
export const formatOrderDate = (iso: string | undefined): string | undefined =>
  (iso && formatDate(iso)) || undefined;

/** The order's number, the buyer's PO number, when it was placed and where it ships. */
export function OrderFacts({
  order,
}: {
  order: Pick<Order, 'number' | 'purchaseOrder' | 'createdAt' | 'address'>;
}) {
  const placed = formatOrderDate(order.createdAt);
  return (
    <dl className={styles.facts}>
      {order.number && (
        <div>
          <dt>Number</dt>
          <dd className={styles.orderNumber}>{order.number}</dd>
        </div>
      )}
      {order.purchaseOrder && (
        <div>
          <dt>{PurchaseOrderMessages.label}</dt>
          <dd>{order.purchaseOrder}</dd>
        </div>
      )}
      {placed && (
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={order.createdAt}>{placed}</time>
          </dd>
        </div>
      )}
      <div>
        <dt>Ship to</dt>
        <dd className={styles.address}>{order.address}</dd>
      </div>
    </dl>
  );
}
