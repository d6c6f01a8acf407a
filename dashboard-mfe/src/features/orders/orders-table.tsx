import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '@toolshop/ui';
import { formatDollars, type Order } from '@toolshop/contracts';
import { OrderStatus } from './order-status';
import { formatQuantity } from './format-quantity';
import { ReservedUntil } from './reserved-until';
import styles from './orders.module.css';

interface OrdersTableProps {
  orders: Order[];
  onCancel: (order: Order) => void;
}

/** One row per order; on phones each row becomes a card (see orders.module.css). */
export function OrdersTable({ orders, onCancel }: OrdersTableProps) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>Your orders</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className={styles.number}>
            Quantity
          </th>
          <th scope="col" className={styles.number}>
            Total
          </th>
          <th scope="col">Status</th>
          <th scope="col">Payment</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id} className={styles.row}>
            <th scope="row" className={styles.productCell}>
              <span className={styles.product}>
                {order.img ? <img src={order.img} alt="" className={styles.thumb} loading="lazy" /> : null}
                <span>{order.name}</span>
              </span>
            </th>
            <td data-label="Quantity" className={styles.number}>
              {formatQuantity(order.orderQuantity)}
            </td>
            <td data-label="Total" className={styles.number}>
              {formatDollars(order.totalPrice)}
            </td>
            <td data-label="Status">
              <OrderStatus order={order} />
              <ReservedUntil order={order} />
            </td>
            <td data-label="Payment" className={styles.payment}>
              {order.paid ? (
                <span className={styles.transaction}>
                  Transaction id <code>{order.transactionId}</code>
                </span>
              ) : (
                <span className={styles.actions}>
                  <Link
                    to={`/dashboard/payment/${encodeURIComponent(order._id)}`}
                    className={buttonClassName('primary', 'small')}
                    aria-label={`Pay for ${order.name}`}
                  >
                    Pay
                  </Link>
                  <Button variant="secondary" size="small" onClick={() => onCancel(order)} aria-label={`Cancel ${order.name}`}>
                    Cancel
                  </Button>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
