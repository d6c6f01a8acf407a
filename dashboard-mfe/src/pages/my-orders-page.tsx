import { Link } from 'react-router-dom';
import { useApiQuery, useAuth } from '@toolshop/auth';
import { EmptyState, ErrorState, PageTitle, Skeleton } from '@toolshop/ui';
import type { Order } from '@toolshop/contracts';
import { OrdersTable } from '../features/orders/orders-table';
import { CancelOrderDialog } from '../features/orders/cancel-order-dialog';
import { useCancelOrder } from '../features/orders/use-cancel-order';
import { myOrdersPath, ordersQueryOptions } from '../features/orders/orders-api';
import styles from './page.module.css';

/** The customer's orders: pay or cancel the unpaid ones, follow the paid ones. */
export default function MyOrdersPage() {
  const user = useAuth((s) => s.user);
  const { data, error, loading, reload } = useApiQuery<Order[]>(
    user ? myOrdersPath(user.email) : null,
    ordersQueryOptions,
  );
  const cancel = useCancelOrder(reload);

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="My Orders">My Orders</PageTitle>
      {!user || (loading && !data) ? (
        <div className={styles.stack} aria-busy="true" aria-label="Loading your orders">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="4.5rem" />
          ))}
        </div>
      ) : error && !data ? (
        <ErrorState message="Your orders could not be loaded." onRetry={reload} />
      ) : !data?.length ? (
        <EmptyState
          title="No orders yet"
          message="Tools you order appear here."
          action={<Link to="/">Browse the tools</Link>}
        />
      ) : (
        <OrdersTable orders={data} onCancel={cancel.ask} />
      )}
      <CancelOrderDialog
        order={cancel.pending}
        busy={cancel.busy}
        onConfirm={cancel.confirm}
        onDismiss={cancel.dismiss}
      />
    </div>
  );
}
