// POST /adminOrders/{id}/delivery: an admin marks a shipped order delivered (409 when its state
// does not allow it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { Order } from '@toolshop/contracts';
import { keepChangedOrderInPlace, reloadOrders } from './order-change';

export const DeliverMessages = { done: 'Marked delivered' } as const;

export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) =>
      api.post(`/adminOrders/${encodeURIComponent(order._id)}/delivery`, undefined, {
        idempotent: true,
      }),
    meta: { success: DeliverMessages.done },
    onSuccess: (_answer, order) =>
      keepChangedOrderInPlace(queryClient, order._id, { state: 'delivered' }),
    onError: () => reloadOrders(queryClient),
  });
}
