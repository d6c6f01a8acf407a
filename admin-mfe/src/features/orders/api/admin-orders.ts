// GET /adminOrders: one page of all orders, optionally of one state (SPEC.md §7).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { Order } from '@toolshop/contracts';
import { queryRoots } from '../../../lib/query-keys';
import { adminOrdersPath, ORDERS_PAGE_SIZE, type StateFilter } from '../order-filters';

export const adminOrdersKeys = {
  /** Every admin view of the orders (the pages and the overview): what an order change invalidates. */
  all: queryRoots.adminOrders,
  lists: [...queryRoots.adminOrders, 'list'] as const,
  page: (filter: StateFilter, page: number, search = '') =>
    [...queryRoots.adminOrders, 'list', filter, page, search] as const,
};

/** SPEC.md §4: a 401 or 403 signs out (the API client) and goes to '/'. */
export function useAdminOrders(filter: StateFilter, page: number, search = '') {
  return useQuery({
    queryKey: adminOrdersKeys.page(filter, page, search),
    queryFn: ({ signal }) =>
      api.getPage<Order>(adminOrdersPath(filter, page, ORDERS_PAGE_SIZE, search), {
        signOutOnAuthError: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
