import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queryClient, useAuth } from '@toolshop/auth';
import { Button, EmptyState, ErrorState, LoadingGroup, PageTitle, Skeleton } from '@toolshop/ui';
import { OrdersTable } from '../features/orders/orders-table';
import { OrderNumberFilter, ordersNumbered } from '../features/orders/order-number-filter';
import { CancelOrderDialog } from '../features/orders/cancel-order-dialog';
import { myOrdersQuery, useMyOrders, useMyOrdersNumbered } from '../features/orders/api/my-orders';
import { useCancelOrderDialog } from '../features/orders/cancel-order-flow';
import { useRequestReturn } from '../features/orders/api/request-return';
import { ReturnOrderDialog } from '../features/orders/return-order-dialog';
import { useSettled } from '../lib/use-settled';
import { LIST_MAX_LIMIT, type Order } from '@toolshop/contracts';
import styles from './page.module.css';

/** How long typing pauses before the API is asked for the orders of a number. */
const NUMBER_SEARCH_DELAY_MS = 300;

/**
 * Rows shown at first, and added by each "Show more orders": a big buyer's list (up to the API's
 * 200 newest) rendered whole took about a second at a 4x slowed CPU.
 */
export const ORDER_ROWS_STEP = 20;

/** What the API takes as part of an order number (anything else finds nothing anyway). */
const isOrderNumberPart = (text: string) => /^[A-Za-z0-9 -]{1,20}$/.test(text);

/** The customer's orders: pay or cancel the unpaid ones, follow the paid ones, return a delivered one. */
export default function MyOrdersPage() {
  const user = useAuth((s) => s.user);
  const { data, error, isPending: loading, refetch } = useMyOrders(user?.email);
  const cancel = useCancelOrderDialog();
  const requestReturn = useRequestReturn();
  const [toReturn, setToReturn] = useState<Order | null>(null);
  // "View order" after paying links here with ?order=<id>: that row is marked and scrolled to.
  const [search] = useSearchParams();
  const currentOrderId = search.get('order') ?? undefined;
  const table = useRef<HTMLDivElement>(null);
  const shown = Boolean(data?.length);
  const [numberSearch, setNumberSearch] = useState('');
  const typed = useSettled(numberSearch.trim(), NUMBER_SEARCH_DELAY_MS);
  const numbered = useMyOrdersNumbered(user?.email, isOrderNumberPart(typed) ? typed : '');
  // At once from the list in hand; then the API's answer, which also finds older orders.
  const found =
    typed && typed === numberSearch.trim() && numbered.data
      ? numbered.data
      : data
        ? ordersNumbered(data, numberSearch)
        : [];
  const [rowsWanted, setRowsWanted] = useState(ORDER_ROWS_STEP);
  // The order a link points at is always among the rows shown.
  const current = currentOrderId ? found.findIndex((order) => order._id === currentOrderId) : -1;
  const rows = Math.max(rowsWanted, current + 1);
  useEffect(() => {
    if (shown && currentOrderId) {
      table.current?.querySelector('tr[aria-current="true"]')?.scrollIntoView({ block: 'center' });
    }
  }, [shown, currentOrderId]);

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="My Orders">My Orders</PageTitle>
      {!user || (loading && !data) ? (
        <LoadingGroup label="Loading your orders" className={styles.stack}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="4.5rem" />
          ))}
        </LoadingGroup>
      ) : error && !data ? (
        <ErrorState message="Your orders could not be loaded." onRetry={() => void refetch()} />
      ) : !data?.length ? (
        <EmptyState
          title="No orders yet"
          message="Tools you order appear here."
          action={<Link to="/">Browse the tools</Link>}
        />
      ) : (
        <div ref={table}>
          <OrderNumberFilter value={numberSearch} onChange={setNumberSearch} />
          {found.length ? (
            <>
              <OrdersTable
                orders={found.slice(0, rows)}
                onCancel={cancel.ask}
                onReturn={setToReturn}
                currentOrderId={currentOrderId}
              />
              {found.length > rows ? (
                <Button variant="secondary" onClick={() => setRowsWanted(rows + ORDER_ROWS_STEP)}>
                  Show more orders ({found.length - rows} more)
                </Button>
              ) : !numberSearch.trim() && data.length >= LIST_MAX_LIMIT ? (
                // The API lists the newest 200: older ones are found by their number.
                <p className={styles.listEnd}>
                  Only your {LIST_MAX_LIMIT} newest orders are listed: find an older one by its
                  number.
                </p>
              ) : null}
            </>
          ) : (
            <EmptyState
              title={`No order numbered “${numberSearch.trim()}”`}
              message="Order numbers are in your order emails and on your invoices."
            />
          )}
        </div>
      )}
      <ReturnOrderDialog
        order={toReturn}
        busy={requestReturn.isPending}
        onReturn={(order, reason, lines) =>
          requestReturn.mutate({ order, reason, lines }, { onSettled: () => setToReturn(null) })
        }
        onClose={() => setToReturn(null)}
      />
      <CancelOrderDialog
        order={cancel.pending}
        busy={cancel.busy}
        onConfirm={cancel.confirm}
        onDismiss={cancel.dismiss}
      />
    </div>
  );
}

/** The shell calls it when a link here is about to be followed: the list is on its way before the click. */
export function prefetch(): void {
  const email = useAuth.getState().user?.email;
  if (email) void queryClient.prefetchQuery(myOrdersQuery(email));
}
