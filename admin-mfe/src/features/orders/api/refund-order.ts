// POST /orders/{id}/refunds: an admin refunds a paid, shipped or delivered order, or some of its
// units, through the payment provider (409 with the API's reason when its state does not allow it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { formatDollars, type Order, type RefundLine } from '@toolshop/contracts';
import { keepChangedOrderInPlace, reloadOrders } from './order-change';

/** The API's answer: the provider's refund id and the whole dollars given back. */
export interface RefundAnswer {
  refundId: string;
  amount: number;
}

export interface Refund {
  order: Order;
  /** The admin's reason (optional): the customer's refund email and the order's history show it. */
  reason?: string;
  /** Some units; without them, every unit not refunded yet (the order is then refunded). */
  lines?: RefundLine[];
}

export const RefundMessages = {
  done: (amount: number) => `Refunded ${formatDollars(amount)} to the customer's card`,
} as const;

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, reason, lines }: Refund) =>
      api.post<RefundAnswer>(
        `/orders/${encodeURIComponent(order._id)}/refunds`,
        { ...(reason?.trim() && { reason: reason.trim() }), ...(lines && { lines }) },
        { idempotent: true },
      ),
    meta: { success: (answer) => RefundMessages.done((answer as RefundAnswer).amount) },
    // A part refund leaves the order in its state: the list is read again for its refunds.
    onSuccess: (_answer, { order, lines }) =>
      lines
        ? reloadOrders(queryClient)
        : keepChangedOrderInPlace(queryClient, order._id, { state: 'refunded' }),
    onError: () => reloadOrders(queryClient),
  });
}
