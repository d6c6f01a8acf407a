// GET /orders/{id}: the order to pay (its owner or an admin only).
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Order } from '@toolshop/contracts';

/** What the card is charged for (SPEC §7). */
export type PayableOrder = Pick<
  Order,
  | '_id'
  | 'number'
  | 'name'
  | 'img'
  | 'email'
  | 'address'
  | 'userName'
  | 'orderQuantity'
  | 'totalPrice'
  | 'paid'
  | 'transactionId'
  | 'lines'
>;

export const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** Under the orders root: cancelling or paying an order refreshes it. */
export const payableOrderKey = (orderId: string) => [...queryRoots.orders, 'one', orderId] as const;

export function usePayableOrder(orderId: string) {
  return useQuery({
    queryKey: payableOrderKey(orderId),
    queryFn: ({ signal }) => api.get<PayableOrder>(orderPath(orderId), { signal }),
    enabled: orderId !== '',
  });
}
