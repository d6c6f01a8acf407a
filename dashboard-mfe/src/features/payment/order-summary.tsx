import { formatCount, formatDollars } from '@toolshop/contracts';
import { ProductImage } from '@toolshop/ui';
import { OrderLines } from '../../components/order-lines';
import type { PayableOrder } from './api/payable-order';
import styles from './payment.module.css';

/** What the customer is paying for (a multi-line order: every line). */
export function OrderSummary({ order }: { order: PayableOrder }) {
  return (
    <section className={styles.summary} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className={styles.heading}>
        Order summary
      </h2>
      <div className={styles.product}>
        {order.img ? <ProductImage src={order.img} alt="" className={styles.thumb} /> : null}
        <p className={styles.productName}>{order.name}</p>
      </div>
      {order.lines?.length ? <OrderLines lines={order.lines} label="Lines of this order" /> : null}
      <dl className={styles.facts}>
        <dt>Quantity</dt>
        <dd>{formatCount(order.orderQuantity)}</dd>
        <dt>Deliver to</dt>
        <dd>{order.address}</dd>
        <dt>Email</dt>
        <dd>{order.email}</dd>
        <dt className={styles.total}>Total</dt>
        <dd className={styles.total}>{formatDollars(order.totalPrice)}</dd>
      </dl>
    </section>
  );
}
