// POST /create-payment-intent: the client secret the card form confirms with. The server computes
// the amount from the stored order; totalPrice is sent as the spec says (SPEC §7).
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { PaymentIntentAnswer } from '@toolshop/contracts';
import type { PayableOrder } from './payable-order';

async function createPaymentIntent(order: PayableOrder): Promise<string> {
  const answer = await api.post<PaymentIntentAnswer>(
    '/create-payment-intent',
    { orderId: order._id, totalPrice: order.totalPrice },
    { idempotent: true },
  );
  return answer.clientSecret;
}

/**
 * Asked once the order is known and unpaid, keyed by its id (a refetched copy of the same order does
 * not ask again); each visit of the page asks anew (nothing kept once it is left).
 */
export function usePaymentIntent(order: PayableOrder | undefined) {
  const orderId = order && !order.paid ? order._id : '';
  return useQuery({
    queryKey: [...queryRoots.payments, 'intent', orderId],
    queryFn: () => createPaymentIntent(order as PayableOrder),
    enabled: orderId !== '',
    staleTime: Infinity,
    gcTime: 0,
  });
}
