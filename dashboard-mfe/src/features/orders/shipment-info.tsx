import type { Order } from '@toolshop/contracts';
import styles from './orders.module.css';

/** A shipped order's carrier and tracking number, as the admin entered them (plain text, no link). */
export function ShipmentInfo({
  order,
}: {
  order: Pick<Order, 'shipped' | 'carrier' | 'trackingNumber'>;
}) {
  if (!order.shipped || (!order.carrier && !order.trackingNumber)) return null;
  return (
    <span className={styles.shipment}>
      {order.carrier ? `Shipped with ${order.carrier}` : 'Shipped'}
      {order.trackingNumber ? (
        <>
          , tracking number <code>{order.trackingNumber}</code>
        </>
      ) : null}
    </span>
  );
}
