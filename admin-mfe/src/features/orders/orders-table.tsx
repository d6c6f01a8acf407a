import { useState } from 'react';
import type { Order } from '@toolshop/contracts';
import { Button, EmptyState, ErrorState, Skeleton } from '@toolshop/ui';
import { Pager, useStepBackFromEmptyPage } from '../../components/pager';
import { useAdminOrders } from './api/admin-orders';
import { useApproveOrder } from './api/approve-order';
import { useCancelOrder } from './api/cancel-order';
import { useExportOrders } from './api/export-orders';
import { ApproveOrderDialog } from './approve-order-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ORDERS_PAGE_SIZE, type StateFilter } from './order-filters';
import { OrderRows } from './order-rows';
import { OrderSearch } from './order-search';
import { OrderStateFilter } from './order-state-filter';
import styles from './orders-table.module.css';

/**
 * All orders, filterable by state and paginated; admins cancel unpaid orders and approve paid ones,
 * and export the current filter as CSV.
 */
export function OrdersTable() {
  const [filter, setFilter] = useState<StateFilter>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const orders = useAdminOrders(filter, page, search);
  const steppingBack = useStepBackFromEmptyPage(page, orders.data?.items, setPage);
  const approve = useApproveOrder();
  const cancel = useCancelOrder();
  const exporting = useExportOrders();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [toApprove, setToApprove] = useState<Order | null>(null);

  const choose = (next: StateFilter) => {
    setFilter(next);
    setPage(1);
  };
  const items = steppingBack ? undefined : orders.data?.items;

  return (
    <section aria-labelledby="orders-heading" className={styles.orders}>
      <div className={styles.toolbar}>
        <h2 id="orders-heading" className={styles.heading}>
          Orders
        </h2>
        <OrderStateFilter value={filter} onChange={choose} />
        <OrderSearch
          value={search}
          onSearch={(next) => {
            setSearch(next);
            setPage(1);
          }}
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

      {orders.error ? (
        <ErrorState title="The orders could not be loaded." onRetry={() => void orders.refetch()} />
      ) : !items ? (
        <Skeleton height="18rem" />
      ) : items.length === 0 ? (
        <EmptyState
          title={
            search
              ? `No ${filter === 'all' ? '' : `${filter} `}orders match “${search}”`
              : filter === 'all'
                ? 'No orders yet'
                : `No ${filter} orders`
          }
        />
      ) : (
        <>
          <OrderRows
            orders={items}
            caption={`All orders${filter === 'all' ? '' : `, ${filter} only`}${search ? `, matching “${search}”` : ''}`}
            busy={orders.isFetching}
            approving={approve.isPending ? approve.variables?.order._id : undefined}
            onApprove={setToApprove}
            onCancel={setToCancel}
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
      <CancelOrderDialog
        order={toCancel}
        busy={cancel.isPending}
        onConfirm={(order) => cancel.mutate(order, { onSettled: () => setToCancel(null) })}
        onClose={() => setToCancel(null)}
      />
    </section>
  );
}
