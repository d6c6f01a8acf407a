// GET /orders?email=: the signed-in user's own orders (SPEC.md §7).
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Order } from '@toolshop/contracts';

/** SPEC.md §4: a 401 or 403 on the own-orders list signs the user out. */
export const ordersQueryOptions = { signOutOnAuthError: true } as const;

export const myOrdersKeys = {
  all: queryRoots.orders,
  of: (email: string) => [...queryRoots.orders, 'mine', email] as const,
};

/** Waits for the user (undefined while the session loads). */
export function useMyOrders(email: string | undefined) {
  return useQuery({
    queryKey: myOrdersKeys.of(email ?? ''),
    queryFn: ({ signal }) =>
      api.get<Order[]>(`/orders?email=${encodeURIComponent(email ?? '')}`, {
        ...ordersQueryOptions,
        signal,
      }),
    enabled: email !== undefined,
  });
}
