import { formatCount, formatDollars } from '@toolshop/contracts';
import { ProductImage } from '@toolshop/ui';
import { EmailText } from '@toolshop/ui/text';
import { OrderLines } from '../../components/order-lines';
import type { PayableOrder } from './api/payable-order';
import styles from './payment.module.css';

/**
 * What the customer is paying for: one product and its quantity, or a multi-line order's lines
 * (each with its own quantity: units of different tools are never added up).
 */
export function OrderSummary({ order }: { order: PayableOrder }) {
  const lines = order.lines?.length ? order.lines : undefined;
  return (
    <section className={styles.summary} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className={styles.heading}>
        Order summary
      </h2>
      <div className={styles.product}>
        {order.img ? <ProductImage src={order.img} alt="" className={styles.thumb} /> : null}
        <p className={styles.productName}>{order.name}</p>
      </div>
      {lines ? <OrderLines lines={lines} label="Lines of this order" /> : null}
      <dl className={styles.facts}>
        {order.number ? (
          <>
            <dt>Order number</dt>
            <dd>{order.number}</dd>
          </>
        ) : null}
        {lines ? (
          <>
            <dt>Lines</dt>
            <dd>{formatCount(lines.length)}</dd>
          </>
        ) : (
          <>
            <dt>Quantity</dt>
            <dd>{formatCount(order.orderQuantity)}</dd>
          </>
        )}
        <dt>Deliver to</dt>
        <dd>{order.address}</dd>
        <dt>Email</dt>
        <dd>
          <EmailText email={order.email} />
        </dd>
        <dt className={styles.total}>Total</dt>
        <dd className={styles.total}>{formatDollars(order.totalPrice)}</dd>
      </dl>
    </section>
  );
}
