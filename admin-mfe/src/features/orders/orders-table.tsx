import { useState } from 'react';
import { ADMIN_ORDER_SEARCH_MAX_LENGTH, type Order } from '@toolshop/contracts';
import { Button, EmptyState, ErrorState, Skeleton } from '@toolshop/ui';
import { Pager, useStepBackFromEmptyPage } from '../../components/pager';
import { SearchForm } from '../../components/search-form';
import { useAdminOrders } from './api/admin-orders';
import { useApproveOrder } from './api/approve-order';
import { useCancelOrder } from './api/cancel-order';
import { useDecideReturn } from './api/decide-return';
import { useDeliverOrder } from './api/deliver-order';
import { useExportOrders } from './api/export-orders';
import { useRecordPayment } from './api/record-payment';
import { useRefundOrder } from './api/refund-order';
import { ApproveOrderDialog } from './approve-order-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';
import type { AdminOrderAction } from './order-actions';
import { filterName, ORDERS_PAGE_SIZE, type StateFilter } from './order-filters';
import { OrderRows } from './order-rows';
import { OrderStateFilter } from './order-state-filter';
import { RefundOrderDialog } from './refund-order-dialog';
import { ReceiveReturnDialog, RefuseReturnDialog } from './return-decision-dialog';
import styles from './orders-table.module.css';

/** What the orders' search finds, read out with its field. */
const ORDER_SEARCH_HINT =
  "An order number (TS-100234 or 100234), a buyer's PO number (exactly), a customer email (or " +
  'its start), an order id, or words of the ship-to name or address';

/** The heading, the state filter, the search and the CSV export of the current filter. */
function OrdersToolbar({
  filter,
  onFilter,
  search,
  onSearch,
}: {
  filter: StateFilter;
  onFilter: (filter: StateFilter) => void;
  search: string;
  onSearch: (search: string) => void;
}) {
  const exporting = useExportOrders();
  return (
    <div className={styles.toolbar}>
      <h2 id="orders-heading" className={styles.heading}>
        Orders
      </h2>
      <OrderStateFilter value={filter} onChange={onFilter} />
      <SearchForm
        label="Search orders"
        placeholder="Order or PO number, email or ship-to"
        hint={ORDER_SEARCH_HINT}
        maxLength={ADMIN_ORDER_SEARCH_MAX_LENGTH}
        value={search}
        onSearch={onSearch}
      />
      <Button
        variant="secondary"
        size="small"
        disabled={exporting.isPending}
        onClick={() => exporting.mutate(filter)}
      >
        Export CSV
      </Button>
    </div>
  );
}

const emptyTitle = (named: string | undefined, search: string) =>
  search
    ? `No ${named ? `${named} ` : ''}orders match “${search}”`
    : named
      ? `No ${named} orders`
      : 'No orders yet';

/**
 * All open orders, or those of one state, paginated; each row offers the actions the order
 * lifecycle allows an admin (approve, mark delivered, decide on a return, refund, cancel), and the current filter
 * exports as CSV.
 */
export function OrdersTable() {
  const [filter, setFilter] = useState<StateFilter>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const orders = useAdminOrders(filter, page, search);
  const steppingBack = useStepBackFromEmptyPage(page, orders.data?.items, setPage);
  const approve = useApproveOrder();
  const cancel = useCancelOrder();
  const deliver = useDeliverOrder();
  const refund = useRefundOrder();
  const recordPayment = useRecordPayment();
  const decide = useDecideReturn();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [toApprove, setToApprove] = useState<Order | null>(null);
  const [toRefund, setToRefund] = useState<Order | null>(null);
  const [toRefuse, setToRefuse] = useState<Order | null>(null);
  const [toReceive, setToReceive] = useState<Order | null>(null);

  const take = (action: AdminOrderAction, order: Order) => {
    if (action === 'ship') setToApprove(order);
    else if (action === 'refund') setToRefund(order);
    else if (action === 'cancel') setToCancel(order);
    else if (action === 'rejectReturn') setToRefuse(order);
    else if (action === 'receiveReturn') setToReceive(order);
    else if (action === 'approveReturn') decide.mutate({ order, decision: 'approve' });
    else if (action === 'recordPayment') recordPayment.mutate(order);
    else deliver.mutate(order);
  };
  // The order whose change is on its way: its buttons wait for the answer.
  const pending = [
    approve.isPending && approve.variables?.order._id,
    deliver.isPending && deliver.variables?._id,
    decide.isPending && decide.variables?.order._id,
    recordPayment.isPending && recordPayment.variables?._id,
  ].find((id) => typeof id === 'string');
  const named = filterName(filter);

  const choose = (next: StateFilter) => {
    setFilter(next);
    setPage(1);
  };
  const items = steppingBack ? undefined : orders.data?.items;

  return (
    <section aria-labelledby="orders-heading" className={styles.orders}>
      <OrdersToolbar
        filter={filter}
        onFilter={choose}
        search={search}
        onSearch={(next) => {
          setSearch(next);
          setPage(1);
        }}
      />

      {orders.error ? (
        <ErrorState title="The orders could not be loaded." onRetry={() => void orders.refetch()} />
      ) : !items ? (
        <Skeleton height="18rem" />
      ) : items.length === 0 ? (
        <EmptyState title={emptyTitle(named, search)} />
      ) : (
        <>
          <OrderRows
            orders={items}
            caption={`All orders${named ? `, ${named} only` : ''}${search ? `, matching “${search}”` : ''}`}
            busy={orders.isPlaceholderData}
            pending={pending}
            onAction={take}
          />
          <Pager
            page={page}
            pageSize={ORDERS_PAGE_SIZE}
            total={orders.data?.total ?? 0}
            shown={items.length}
            label="Order pages"
            onPage={setPage}
          />
        </>
      )}

      <ApproveOrderDialog
        order={toApprove}
        busy={approve.isPending}
        onApprove={(order, shipping) =>
          approve.mutate({ order, shipping }, { onSettled: () => setToApprove(null) })
        }
        onClose={() => setToApprove(null)}
      />
      <RefundOrderDialog
        order={toRefund}
        busy={refund.isPending}
        onRefund={(order, reason, lines) =>
          refund.mutate({ order, reason, lines }, { onSettled: () => setToRefund(null) })
        }
        onClose={() => setToRefund(null)}
      />
      <RefuseReturnDialog
        order={toRefuse}
        busy={decide.isPending}
        onRefuse={(order, reason) =>
          decide.mutate(
            { order, decision: 'reject', reason },
            { onSettled: () => setToRefuse(null) },
          )
        }
        onClose={() => setToRefuse(null)}
      />
      <ReceiveReturnDialog
        order={toReceive}
        busy={decide.isPending}
        onReceive={(order) =>
          decide.mutate({ order, decision: 'receive' }, { onSettled: () => setToReceive(null) })
        }
        onClose={() => setToReceive(null)}
      />
      <CancelOrderDialog
        order={toCancel}
        busy={cancel.isPending}
        onConfirm={(order) => cancel.mutate(order, { onSettled: () => setToCancel(null) })}
        onClose={() => setToCancel(null)}
      />
    </section>
  );
}
