// GET /orders/{id}/payment: the payment's real state (the order's paid flag and the provider's
// PaymentIntent status), read after a lost connection before the page offers to pay again.
import { useMutation } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { PaymentStatusAnswer } from '@toolshop/contracts';
import { orderPath } from './payable-order';

export function useCheckPayment(orderId: string) {
  return useMutation({
    mutationFn: () => api.get<PaymentStatusAnswer>(`${orderPath(orderId)}/payment`),
    // The card form says what the check found, or that it could not be made.
    meta: { quiet: true },
  });
}
