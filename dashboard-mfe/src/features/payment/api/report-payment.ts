// PATCH /orders/{id}: the server verifies the payment with the provider before marking it paid.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { ModifiedAnswer } from '@toolshop/contracts';
import { orderPath } from './payable-order';

export interface PaymentReport {
  orderId: string;
  transactionId: string;
}

export function useReportPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, transactionId }: PaymentReport) =>
      api.patch<ModifiedAnswer>(
        orderPath(orderId),
        { order: orderId, transactionId },
        { idempotent: true },
      ),
    // The card was charged: a failed report is said on the page, not as an error.
    meta: { quiet: true },
    // The orders are read again where they are shown next; the payment page keeps its success
    // message rather than turning into the page of a paid order.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryRoots.orders, refetchType: 'none' }),
  });
}
