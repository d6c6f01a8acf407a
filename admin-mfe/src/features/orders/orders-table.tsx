import { useState } from 'react';
import { toast } from 'react-toastify';
import { api } from '@toolshop/auth';
import {
  formatDollars,
  Messages,
  orderState,
  type Order,
  type OrderState,
} from '@toolshop/contracts';
import { Button, ConfirmDialog, EmptyState, ErrorState, Skeleton } from '@toolshop/ui';
import table from '../../components/data-table.module.css';
import { Pager } from '../../components/pager';
import { usePagedList } from '../../lib/use-paged-list';
import {
  adminOrdersPath,
  ORDERS_PAGE_SIZE,
  STATE_FILTERS,
  type StateFilter,
} from './order-filters';
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

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** All orders, filterable by state and paginated; admins cancel unpaid orders and approve paid ones. */
export function OrdersTable() {
  const [filter, setFilter] = useState<StateFilter>('all');
  const {
    items: orders,
    total,
    page,
    setPage,
    error,
    loading,
    reload,
  } = usePagedList<Order>((n) => adminOrdersPath(filter, n), { signOutOnAuthError: true });
  const [approved, setApproved] = useState<ReadonlySet<string>>(new Set());
  const [approving, setApproving] = useState<string | null>(null);
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [canceling, setCanceling] = useState(false);

  const choose = (next: StateFilter) => {
    setFilter(next);
    setPage(1);
  };

  const approve = async (order: Order) => {
    setApproving(order._id);
    try {
      await api.patch(`/adminOrders/${order._id}`, {});
      toast.success(Messages.approvedForShipping);
      setApproved((ids) => new Set(ids).add(order._id));
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setApproving(null);
    }
  };

  const cancel = async () => {
    if (!toCancel) return;
    setCanceling(true);
    try {
      await api.delete(`/orders/${toCancel._id}`);
      toast.success(Messages.orderCanceled);
      reload();
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setCanceling(false);
      setToCancel(null);
    }
  };

  return (
    <section aria-labelledby="orders-heading" className={styles.orders}>
      <div className={styles.toolbar}>
        <h2 id="orders-heading" className={styles.heading}>
          Orders
        </h2>
        <fieldset className={styles.filter}>
          <legend className={table.srOnly}>Show orders</legend>
          {STATE_FILTERS.map(({ value, label }) => (
            <label key={value} className={styles.segment}>
              <input
                type="radio"
                name="order-state"
                value={value}
                checked={filter === value}
                onChange={() => choose(value)}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      </div>

      {error ? (
        <ErrorState title="The orders could not be loaded." onRetry={reload} />
      ) : loading && !orders ? (
        <Skeleton height="18rem" />
      ) : !orders || orders.length === 0 ? (
        <EmptyState title={filter === 'all' ? 'No orders yet' : `No ${filter} orders`} />
      ) : (
        <>
          <div className={table.card} aria-busy={loading}>
            <table className={table.table}>
              <caption>All orders{filter === 'all' ? '' : `, ${filter} only`}</caption>
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
                  const state = approved.has(order._id) ? 'shipped' : orderState(order);
                  return (
                    <tr key={order._id}>
                      <td data-label="Customer">
                        <span className={styles.customer}>
                          <span className={styles.customerName}>
                            {order.userName || order.email}
                          </span>
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
                            onClick={() => approve(order)}
                            aria-label={`Approve order of ${order.name} for ${order.email}`}
                          >
                            Approve
                          </Button>
                        )}
                        {state === 'unpaid' && (
                          <Button
                            size="small"
                            variant="danger"
                            onClick={() => setToCancel(order)}
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
          <Pager
            page={page}
            pageSize={ORDERS_PAGE_SIZE}
            total={total}
            shown={orders.length}
            label="Order pages"
            onPage={setPage}
          />
        </>
      )}

      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        danger
        busy={canceling}
        onConfirm={cancel}
        onCancel={() => setToCancel(null)}
      >
        The unpaid order of <strong>{toCancel?.orderQuantity}</strong> ×{' '}
        <strong>{toCancel?.name}</strong> by {toCancel?.email} will be deleted. This cannot be
        undone.
      </ConfirmDialog>
    </section>
  );
}
