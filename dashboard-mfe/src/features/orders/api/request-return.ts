// POST /orders/{id}/returns: the customer asks to send a shipped or delivered order back, or some of
// its units, saying why (409 with the API's reason past the 30 days or in another state).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { Order, RefundLine } from '@toolshop/contracts';
import { myOrdersKeys, ordersQueryOptions } from './my-orders';

export const ReturnMessages = { requested: 'Return requested: we will email you' } as const;

export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      order,
      reason,
      lines,
    }: {
      order: Order;
      reason: string;
      lines?: RefundLine[];
    }) =>
      api.post<unknown>(
        `/orders/${encodeURIComponent(order._id)}/returns`,
        { reason: reason.trim(), ...(lines && { lines }) },
        { ...ordersQueryOptions, idempotent: true },
      ),
    meta: { success: ReturnMessages.requested, quietOnAuthError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myOrdersKeys.all }),
  });
}
