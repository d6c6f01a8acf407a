// GET /adminOrders: one page of all orders, optionally of one state (SPEC.md §7).
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Order } from '@toolshop/contracts';
import { adminOrdersPath, ORDERS_PAGE_SIZE, type StateFilter } from '../order-filters';

export const adminOrdersKeys = {
  /** Every view of the orders, in any remote (these pages, the overview, My Orders): what an order change invalidates. */
  all: queryRoots.orders,
  lists: [...queryRoots.orders, 'list'] as const,
  page: (filter: StateFilter, page: number, search = '') =>
    [...queryRoots.orders, 'list', filter, page, search] as const,
};

/** One page of the orders: what the table reads, and what a prefetch puts in the cache before it. */
export const adminOrdersQuery = (filter: StateFilter, page: number, search = '') => ({
  queryKey: adminOrdersKeys.page(filter, page, search),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.getPage<Order>(adminOrdersPath(filter, page, ORDERS_PAGE_SIZE, search), {
      signOutOnAuthError: true,
      signal,
    }),
});

/** SPEC.md §4: a 401 or 403 signs out (the API client) and goes to '/'. */
export function useAdminOrders(filter: StateFilter, page: number, search = '') {
  return useDeferredQuery({
    ...adminOrdersQuery(filter, page, search),
    placeholderData: keepPreviousData,
  });
}
