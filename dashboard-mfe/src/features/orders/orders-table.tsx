import { Link } from 'react-router';
import { Button, TableProduct, buttonClassName } from '@toolshop/ui';
import { DataTable } from '@toolshop/ui/tables';
import { OrderStateBadge, OrderTimeline } from '@toolshop/ui/orders';
import { formatDollars, formatUnits, type Order } from '@toolshop/contracts';
import { customerActionsOf } from './order-actions';
import { DeclineReason, DueDate } from './decline-reason';
import { ReservedUntil } from './reserved-until';
import { ShipmentInfo } from './shipment-info';
import { InvoiceButton } from './invoice-button';
import { OrderAgainLink } from './order-again-link';
import { OrderLines } from '../../components/order-lines';
import { OrderFacts } from './order-facts';
import styles from './orders.module.css';

interface OrdersTableProps {
  orders: Order[];
  onCancel: (order: Order) => void;
  /** Asks to return a delivered order (shown while the lifecycle allows it). */
  onReturn?: (order: Order) => void;
  /** The order a link pointed at (`?order=` of "View order" after paying): highlighted. */
  currentOrderId?: string;
}

/** One row per order (named by its product); on phones each row becomes a card. */
export function OrdersTable({ orders, onCancel, onReturn, currentOrderId }: OrdersTableProps) {
  return (
    <DataTable
      caption="Your orders"
      rows={orders}
      rowKey={(order) => order._id}
      currentKey={currentOrderId}
      columns={[
        {
          header: 'Product',
          kind: 'rowHeader',
          cell: (order) => (
            <TableProduct
              img={order.img}
              name={
                <>
                  {order.name}
                  {/* The SKU as ordered (a multi-line order's are on its lines). */}
                  {order.sku ? (
                    <span className={styles.sku}>
                      SKU <span className={styles.code}>{order.sku}</span>
                    </span>
                  ) : null}
                </>
              }
            />
          ),
        },
        { header: 'Order', width: '21%', cell: (order) => <OrderFacts order={order} /> },
        {
          // The quantity under the total: one column less, so a row takes a few lines at 1280 px.
          // A multi-line order's lines open here, each with its quantity: units of different tools
          // are not added up. The row header stays the order's name.
          header: 'Total',
          kind: 'numeric',
          width: '10%',
          cell: (order) => (
            <span className={styles.total}>
              {formatDollars(order.totalPrice)}
              {order.lines?.length ? (
                <details className={styles.lines}>
                  <summary>{order.lines.length} lines</summary>
                  <OrderLines lines={order.lines} label={`Lines of ${order.name}`} skus />
                </details>
              ) : (
                <span className={styles.units}>{formatUnits(order.orderQuantity)}</span>
              )}
            </span>
          ),
        },
        {
          header: 'Status',
          width: '16%',
          stacked: true,
          cell: (order) => (
            <>
              <OrderStateBadge order={order} />
              <ReservedUntil order={order} />
              <DeclineReason order={order} />
              <DueDate order={order} />
              <ShipmentInfo order={order} />
              <OrderTimeline order={order} audience="customer" />
            </>
          ),
        },
        {
          header: 'Payment',
          width: '30%',
          className: styles.payment,
          cell: (order) =>
            order.paid ? (
              <span className={styles.transaction}>
                <span>
                  Transaction id <code>{order.transactionId}</code>
                </span>
                <span className={styles.actions}>
                  <InvoiceButton order={order} />
                  {onReturn && customerActionsOf(order).includes('requestReturn') && (
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => onReturn(order)}
                      aria-label={`Return ${order.name}`}
                    >
                      Return
                    </Button>
                  )}
                  <OrderAgainLink order={order} />
                </span>
              </span>
            ) : (
              <UnpaidActions order={order} onCancel={onCancel} />
            ),
        },
      ]}
    />
  );
}

/** An unpaid order's buttons: Pay and Cancel as the lifecycle allows them now, and Order again. */
function UnpaidActions({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const actions = customerActionsOf(order);
  return (
    <span className={styles.actions}>
      {actions.includes('pay') && (
        <Link
          to={`/dashboard/payment/${encodeURIComponent(order._id)}`}
          className={buttonClassName('primary', 'small')}
          aria-label={`Pay for ${order.name}`}
        >
          Pay
        </Link>
      )}
      {actions.includes('cancel') && (
        <Button
          variant="secondary"
          size="small"
          onClick={() => onCancel(order)}
          aria-label={`Cancel ${order.name}`}
        >
          Cancel
        </Button>
      )}
      <InvoiceButton order={order} />
      <OrderAgainLink order={order} />
    </span>
  );
}
