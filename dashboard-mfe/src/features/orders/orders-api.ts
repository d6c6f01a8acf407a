import { api } from '@toolshop/auth';

/** SPEC.md §4: a 401 or 403 on the own-orders list signs the user out. */
export const ordersQueryOptions = { signOutOnAuthError: true } as const;

export const myOrdersPath = (email: string) => `/orders?email=${encodeURIComponent(email)}`;

/** Deletes an unpaid order; the API puts its quantity back in stock and refuses paid ones (409). */
export function cancelOrder(orderId: string) {
  return api.delete<unknown>(`/orders/${encodeURIComponent(orderId)}`, ordersQueryOptions);
}
