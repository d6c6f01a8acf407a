import { formatDollars, orderState, type Order, type OrderState } from '@toolshop/contracts';
import {
  Badge,
  Button,
  DataTable,
  OrderTimeline,
  TableProduct,
  type BadgeTone,
} from '@toolshop/ui';
import { InvoiceCell } from './invoice-cell';
import styles from './orders-table.module.css';

const STATE_TONE: Record<OrderState, BadgeTone> = {
  unpaid: 'warning',
  paid: 'info',
  shipped: 'success',
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

/** When the order was placed, as a short local date and time (older orders without one: unknown). */
function placedAt(order: Order) {
  if (!order.createdAt) return <span className={styles.muted}>Unknown</span>;
  const at = new Date(order.createdAt);
  return (
    <time dateTime={order.createdAt} className={styles.placed}>
      {at.toLocaleDateString(undefined, { dateStyle: 'short' })}
      <span className={styles.muted}>
        {at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
      </span>
    </time>
  );
}

/** The order's number (what customers quote and the search finds), then when it was placed. */
function numberAndPlaced(order: Order) {
  return (
    <span className={styles.placed}>
      {order.number ? <span className={styles.orderNumber}>{order.number}</span> : null}
      {placedAt(order)}
    </span>
  );
}

/**
 * The orders as a table: when placed, customer and where it ships, product, total and quantity,
 * state and the action it allows.
 */
export function OrderRows({
  orders,
  caption,
  busy,
  approving,
  onApprove,
  onCancel,
}: OrderRowsProps) {
  return (
    <DataTable
      caption={caption}
      rows={orders}
      rowKey={(order) => order._id}
      busy={busy}
      columns={[
        { header: 'Order placed', cell: numberAndPlaced },
        {
          header: 'Ship to',
          cell: (order) => (
            <span className={styles.customer}>
              <span className={styles.customerName}>{order.userName || order.email}</span>
              <span className={styles.muted}>{order.email}</span>
              <span className={styles.shipTo}>{order.address}</span>
              <span className={styles.muted}>{order.phone}</span>
            </span>
          ),
        },
        { header: 'Product', cell: (order) => <TableProduct img={order.img} name={order.name} /> },
        {
          // Quantity under the total: one column, so the actions stay on screen at 1280 px.
          header: 'Total',
          kind: 'numeric',
          cell: (order) => (
            <span className={styles.total}>
              {formatDollars(order.totalPrice)}
              <span className={styles.muted}>
                {order.orderQuantity} {order.orderQuantity === 1 ? 'unit' : 'units'}
              </span>
            </span>
          ),
        },
        {
          header: 'State',
          cell: (order) => {
            const state = orderState(order);
            return (
              <>
                <Badge tone={STATE_TONE[state]}>{STATE_LABEL[state]}</Badge>
                <InvoiceCell order={order} />
                <OrderTimeline order={order} audience="admin" />
              </>
            );
          },
        },
        {
          header: 'Actions',
          kind: 'actions',
          cell: (order) => {
            const state = orderState(order);
            if (state === 'paid') {
              return (
                <Button
                  size="small"
                  disabled={approving === order._id}
                  onClick={() => onApprove(order)}
                  aria-label={`Approve order of ${order.name} for ${order.email}`}
                >
                  Approve
                </Button>
              );
            }
            if (state === 'unpaid') {
              return (
                <Button
                  size="small"
                  variant="danger"
                  onClick={() => onCancel(order)}
                  aria-label={`Cancel order of ${order.name} for ${order.email}`}
                >
                  Cancel
                </Button>
              );
            }
            return null;
          },
        },
      ]}
    />
  );
}
