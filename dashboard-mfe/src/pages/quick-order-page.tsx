import { Link, useLocation, useSearchParams } from 'react-router';
import { queryClient, useAuth } from '@toolshop/auth';
import { ErrorState, LoadingGroup, PageTitle, Skeleton } from '@toolshop/ui';
import { BuyingMessages, skuAndName, type Order } from '@toolshop/contracts';
import { QuickOrder } from '../features/quick-order/quick-order';
import { useSavedLists } from '../features/quick-order/api/saved-lists';
import { myOrdersQuery, useMyOrders } from '../features/orders/api/my-orders';
import { profileQuery, useProfile } from '../features/profile/api/profile';
import { linesText, readQuickOrderState, type QuickOrderPrefill } from '../lib/quick-order-state';
import styles from './page.module.css';

/**
 * The newest order's address and phone (where a repeat order most likely goes), else the profile's
 * phone. ISO dates compare as strings: no `localeCompare`, whose first collator of a page costs 9-20
 * ms.
 */
function lastDelivery(orders: readonly Order[] | undefined, profilePhone: string | undefined) {
  const newest = (orders ?? []).reduce<Order | undefined>(
    (latest, order) =>
      !latest || (order.createdAt ?? '') > (latest.createdAt ?? '') ? order : latest,
    undefined,
  );
  if (newest) return { address: newest.address, phone: newest.phone };
  return profilePhone ? { phone: profilePhone } : {};
}

/**
 * /dashboard/quickOrder: pasted or uploaded lines, checked and placed as one order. Opened with
 * ?list={id} (Saved Lists' "Order this list") or an earlier order's lines (Order again), it starts
 * with those lines checked.
 */
export default function QuickOrderPage() {
  const user = useAuth((s) => s.user);
  const location = useLocation();
  const listId = useSearchParams()[0].get('list');
  const orders = useMyOrders(user?.email);
  const profile = useProfile(user?.email);
  const lists = useSavedLists({ enabled: listId !== null });
  const list = listId === null ? undefined : lists.data?.find((l) => l._id === listId);
  const prefill: QuickOrderPrefill | undefined = list
    ? { lines: list.lines.map((line) => ({ product: skuAndName(line), quantity: line.quantity })) }
    : readQuickOrderState(location.state);
  const settling = (query: { isPending: boolean; error: unknown }) =>
    query.isPending && !query.error;
  const loading =
    !user || settling(orders) || settling(profile) || (listId !== null && settling(lists));

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="Quick Order">Quick Order</PageTitle>
      {loading ? (
        <LoadingGroup label="Loading quick order" className={styles.stack}>
          <Skeleton height="16rem" />
          <Skeleton height="10rem" />
        </LoadingGroup>
      ) : listId !== null && lists.error ? (
        <ErrorState
          message="Your saved lists could not be loaded."
          onRetry={() => void lists.refetch()}
        />
      ) : listId !== null && !list ? (
        <ErrorState title="List not found">
          {BuyingMessages.listNotFound}. <Link to="/dashboard/lists">Your saved lists</Link>
        </ErrorState>
      ) : (
        <QuickOrder
          key={listId ?? location.key}
          initialText={prefill ? linesText(prefill.lines) : ''}
          {...lastDelivery(orders.data, profile.data?.phone)}
          {...(prefill?.address ? { address: prefill.address } : {})}
          {...(prefill?.phone ? { phone: prefill.phone } : {})}
        />
      )}
    </div>
  );
}

/** The shell calls it when a link here is about to be followed: what the form starts from is on its way. */
export function prefetch(): void {
  const email = useAuth.getState().user?.email;
  if (!email) return;
  void queryClient.prefetchQuery(myOrdersQuery(email));
  void queryClient.prefetchQuery(profileQuery(email));
}
