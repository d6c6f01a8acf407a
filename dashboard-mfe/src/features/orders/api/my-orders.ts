// GET /orders?email=: the signed-in user's own orders (SPEC.md §7).
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Order } from '@toolshop/contracts';

/** SPEC.md §4: a 401 or 403 on the own-orders list signs the user out. */
export const ordersQueryOptions = { signOutOnAuthError: true } as const;

export const myOrdersKeys = {
  all: queryRoots.orders,
  of: (email: string) => [...queryRoots.orders, 'mine', email] as const,
  numbered: (email: string, number: string) =>
    [...queryRoots.orders, 'mine', email, 'number', number] as const,
};

/** The user's orders: what My Orders reads, and what a prefetch puts in the cache before it. */
export const myOrdersQuery = (email: string) => ({
  queryKey: myOrdersKeys.of(email),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.get<Order[]>(`/orders?email=${encodeURIComponent(email)}`, {
      ...ordersQueryOptions,
      signal,
    }),
});

/** Waits for the user (undefined while the session loads). */
export function useMyOrders(email: string | undefined) {
  return useDeferredQuery({ ...myOrdersQuery(email ?? ''), enabled: email !== undefined });
}

/**
 * The user's orders whose number holds `number`, found by the API among all of them (the list
 * above stops at the API's cap); off while `number` is blank.
 */
export function useMyOrdersNumbered(email: string | undefined, number: string) {
  return useDeferredQuery({
    queryKey: myOrdersKeys.numbered(email ?? '', number),
    queryFn: ({ signal }) =>
      api.get<Order[]>(
        `/orders?email=${encodeURIComponent(email ?? '')}&number=${encodeURIComponent(number)}`,
        { ...ordersQueryOptions, signal },
      ),
    enabled: email !== undefined && number !== '',
  });
}
