// What an admin's change of an order does to the cached lists: the row stays where the admin took
// the action, in its new state, and every view of the orders (any remote) is read again when shown.
import type { Query, QueryClient } from '@tanstack/react-query';
import type { Page } from '@toolshop/auth';
import type { Order } from '@toolshop/contracts';
import { adminOrdersKeys } from './admin-orders';

/**
 * Shows `change` on the order's row at once (also under the filter of the state it left). Its
 * allowed actions are dropped, so the row offers what the lifecycle allows in the new state until
 * the list is read again. A list on screen without the order (another filter chosen while the
 * change was on its way, read before the API made it) is read again now.
 */
export async function keepChangedOrderInPlace(
  queryClient: QueryClient,
  orderId: string,
  change: Partial<Order>,
) {
  queryClient.setQueriesData<Page<Order>>({ queryKey: adminOrdersKeys.lists }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((order) => {
            if (order._id !== orderId) return order;
            const { allowedActions: _before, ...rest } = order;
            return { ...rest, ...change };
          }),
        }
      : page,
  );
  await queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all, refetchType: 'none' });
  await readAgain(
    queryClient,
    adminOrdersKeys.lists,
    (query) =>
      !(query.state.data as Page<Order> | undefined)?.items.some((order) => order._id === orderId),
  );
}

/** After a refusal (the order changed elsewhere): every view, this one too, is read again now. */
export async function reloadOrders(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all, refetchType: 'none' });
  await readAgain(queryClient, adminOrdersKeys.all, () => true);
}

/**
 * Reads the views on screen under `queryKey` that `which` picks again, with a new request. A view
 * still on its first read is asked anew too: TanStack Query would wait for that read, which the API
 * may have answered before the change (it cancels only the read of a view that has an answer).
 */
async function readAgain(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  which: (query: Query) => boolean,
) {
  await queryClient.cancelQueries({
    queryKey,
    predicate: (query) =>
      which(query) && query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
  await queryClient.refetchQueries({ queryKey, type: 'active', predicate: which });
}
