import { formatDollars, orderState, type Order, type OrderState } from '@toolshop/contracts';
import { Button } from '@toolshop/ui';
import table from '../../components/data-table.module.css';
import styles from './orders-table.module.css';

const STATE_BADGE: Record<OrderState, string> = {
  unpaid: `${table.badge} ${table.badgeWarning}`,
  paid: `${table.badge} ${table.badgeInfo}`,
  shipped: `${table.badge} ${table.badgeSuccess}`,
};
const STATE_LABEL: Record<OrderState, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
};

interface OrderRowsProps {
  orders: Order[];
  caption: string;
  busy: boolean;
  /** The order being approved, if any. */
  approving: string | undefined;
  onApprove: (order: Order) => void;
  onCancel: (order: Order) => void;
}

/** The orders as a table: customer, product, quantity, total, state and the action it allows. */
export function OrderRows({
  orders,
  caption,
  busy,
  approving,
  onApprove,
  onCancel,
}: OrderRowsProps) {
  return (
    <div className={table.card} aria-busy={busy}>
      <table className={table.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Product</th>
            <th scope="col" className={table.numeric}>
              Quantity
            </th>
            <th scope="col" className={table.numeric}>
              Total
            </th>
            <th scope="col">State</th>
            <th scope="col" className={table.actions}>
              <span className={table.srOnly}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const state = orderState(order);
            return (
              <tr key={order._id}>
                <td data-label="Customer">
                  <span className={styles.customer}>
                    <span className={styles.customerName}>{order.userName || order.email}</span>
                    <span className={table.muted}>{order.email}</span>
                  </span>
                </td>
                <td data-label="Product">
                  <span className={table.product}>
                    <img className={table.thumb} src={order.img} alt="" loading="lazy" />
                    <span>{order.name}</span>
                  </span>
                </td>
                <td data-label="Quantity" className={table.numeric}>
                  {order.orderQuantity}
                </td>
                <td data-label="Total" className={table.numeric}>
                  {formatDollars(order.totalPrice)}
                </td>
                <td data-label="State">
                  <span className={STATE_BADGE[state]}>{STATE_LABEL[state]}</span>
                </td>
                <td className={table.actions}>
                  {state === 'paid' && (
                    <Button
                      size="small"
                      disabled={approving === order._id}
                      onClick={() => onApprove(order)}
                      aria-label={`Approve order of ${order.name} for ${order.email}`}
                    >
                      Approve
                    </Button>
                  )}
                  {state === 'unpaid' && (
                    <Button
                      size="small"
                      variant="danger"
                      onClick={() => onCancel(order)}
                      aria-label={`Cancel order of ${order.name} for ${order.email}`}
                    >
                      Cancel
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
