import { orderState, type Order, type OrderState } from '@toolshop/contracts';
import styles from './orders.module.css';

const labels: Record<OrderState, string> = { unpaid: 'Unpaid', paid: 'Paid', shipped: 'Shipped' };

export function OrderStatus({ order }: { order: Pick<Order, 'paid' | 'shipped'> }) {
  const state = orderState(order);
  return <span className={`${styles.status} ${styles[state]}`}>{labels[state]}</span>;
}
