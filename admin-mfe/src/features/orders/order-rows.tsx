import type { ReactNode } from 'react';
import {
  formatDollars,
  formatShortDate,
  formatTime,
  formatUnits,
  PurchaseOrderMessages,
  type Order,
} from '@toolshop/contracts';
import { Button } from '@toolshop/ui';
import { EmailText } from '@toolshop/ui/text';
import { DataTable } from '@toolshop/ui/tables';
import { OrderStateBadge, OrderTimeline } from '@toolshop/ui/orders';
import type { ButtonVariant } from '@toolshop/ui';
import { InvoiceCell } from './invoice-cell';
import { adminActionsOf, type AdminOrderAction } from './order-actions';
import styles from './orders-table.module.css';

/** Each action's button: its text, look, and accessible name (which order, whose). */
const ACTION_BUTTONS: Record<
  AdminOrderAction,
  { text: string; variant: ButtonVariant; name: (of: string) => string }
> = {
  recordPayment: {
    text: 'Record payment',
    variant: 'primary',
    name: (of) => `Record payment: order of ${of}`,
  },
  ship: { text: 'Approve', variant: 'primary', name: (of) => `Approve order of ${of}` },
  deliver: {
    text: 'Mark delivered',
    variant: 'secondary',
    // The visible text first: the accessible name holds it (WCAG 2.5.3).
    name: (of) => `Mark delivered: order of ${of}`,
  },
  approveReturn: {
    text: 'Approve return',
    variant: 'primary',
    name: (of) => `Approve return: order of ${of}`,
  },
  rejectReturn: {
    text: 'Refuse return',
    variant: 'secondary',
    name: (of) => `Refuse return: order of ${of}`,
  },
  receiveReturn: {
    text: 'Return received',
    variant: 'primary',
    name: (of) => `Return received: order of ${of}`,
  },
  refund: { text: 'Refund', variant: 'secondary', name: (of) => `Refund order of ${of}` },
  cancel: { text: 'Cancel', variant: 'danger', name: (of) => `Cancel order of ${of}` },
};

interface OrderRowsProps {
  orders: Order[];
  caption: string;
  busy: boolean;
  /** The order an action is being taken on, if any: its buttons wait. */
  pending: string | undefined;
  onAction: (action: AdminOrderAction, order: Order) => void;
}

/** The buttons of the actions the order allows now (none for a closed one). */
function actionButtons(
  order: Order,
  pending: string | undefined,
  onAction: OrderRowsProps['onAction'],
): ReactNode {
  const actions = adminActionsOf(order);
  if (actions.length === 0) return null;
  const of = `${order.name} for ${order.email}`;
  return (
    <span className={styles.rowActions}>
      {actions.map((action) => {
        const button = ACTION_BUTTONS[action];
        return (
          <Button
            key={action}
            size="small"
            variant={button.variant}
            disabled={pending === order._id}
            onClick={() => onAction(action, order)}
            aria-label={button.name(of)}
          >
            {button.text}
          </Button>
        );
      })}
    </span>
  );
}

/** When the order was placed, as a short local date and time (older orders without one: unknown). */
function placedAt(order: Order) {
  const day = formatShortDate(order.createdAt ?? '');
  if (!day) return <span className={styles.muted}>Unknown</span>;
  return (
    <time dateTime={order.createdAt} className={styles.placed}>
      {day}
      <span className={styles.muted}>{formatTime(order.createdAt ?? '')}</span>
    </time>
  );
}

/**
 * The order's number and the buyer's PO number (what customers quote and the search finds), then
 * when it was placed.
 */
function numberAndPlaced(order: Order) {
  return (
    <span className={styles.placed}>
      {order.number ? <span className={styles.orderNumber}>{order.number}</span> : null}
      {order.purchaseOrder ? (
        <span className={styles.muted}>
          {PurchaseOrderMessages.label}: {order.purchaseOrder}
        </span>
      ) : null}
      {placedAt(order)}
    </span>
  );
}

/**
 * The orders as a table: when placed, customer and where it ships, product, total and quantity,
 * state and the actions the lifecycle allows it.
 */
export function OrderRows({ orders, caption, busy, pending, onAction }: OrderRowsProps) {
  return (
    <DataTable
      caption={caption}
      rows={orders}
      rowKey={(order) => order._id}
      busy={busy}
      // Declared widths: a row added is laid out alone and the columns stay put between filters. At
      // 1280 px (830 px of table) the state keeps "Invoice (PDF)" on one line and the actions "Mark
      // delivered"; the product is named without its picture, and the customer's email and address
      // take what the others leave (an email broke over three lines beside a picture).
      columns={[
        { header: 'Order', width: '7rem', cell: numberAndPlaced },
        {
          header: 'Ship to',
          cell: (order) => (
            <span className={styles.customer}>
              <span className={styles.customerName}>{order.userName || order.email}</span>
              <span className={styles.muted}>
                <EmailText email={order.email} />
              </span>
              <span className={styles.shipTo}>{order.address}</span>
              <span className={styles.muted}>{order.phone}</span>
            </span>
          ),
        },
        { header: 'Product', width: '16%', cell: (order) => order.name },
        {
          // Quantity under the total: one column, so the actions stay on screen at 1280 px.
          header: 'Total',
          kind: 'numeric',
          width: '10%',
          cell: (order) => (
            <span className={styles.total}>
              {formatDollars(order.totalPrice)}
              <span className={styles.muted}>{formatUnits(order.orderQuantity)}</span>
            </span>
          ),
        },
        {
          header: 'State',
          width: '19%',
          className: styles.state,
          stacked: true,
          cell: (order) => (
            <>
              <OrderStateBadge order={order} />
              <InvoiceCell order={order} />
              <OrderTimeline order={order} audience="admin" />
            </>
          ),
        },
        {
          header: 'Actions',
          kind: 'actions',
          width: '20.5%',
          cell: (order) => actionButtons(order, pending, onAction),
        },
      ]}
    />
  );
}
