// POST /orders: the signed-in customer orders a tool; the stock shown is read again either way (an
// accepted order took from it, a refusal may mean it changed meanwhile).
import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@toolshop/auth';
import { Messages, type InsertedAnswer, type NewOrder } from '@toolshop/contracts';
import { queryRoots } from '../../../lib/query-keys';

// randomUUID needs a secure context (https or localhost); the shop served otherwise still gets a key.
const newAttemptKey = () =>
  `order-${
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
          byte.toString(16).padStart(2, '0'),
        ).join('')
  }`;

/**
 * One order attempt = one `Idempotency-Key`: a send that got no answer (timeout, network) is sent
 * again with the same key, so the API places the order at most once; once the API has answered
 * (placed, or refused with a message to act on), the next send is a new attempt with a new key.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const attempt = useRef<string>(undefined);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.tools }),
      queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
    ]);
  return useMutation({
    mutationFn: (order: NewOrder) => {
      attempt.current ??= newAttemptKey();
      return api.post<InsertedAnswer>('/orders', order, {
        headers: { 'Idempotency-Key': attempt.current },
      });
    },
    // A refusal is shown in the form, next to what to change.
    meta: { success: Messages.ordered, quiet: true },
    onSuccess: () => {
      attempt.current = undefined;
      return refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError) attempt.current = undefined;
      return refresh();
    },
  });
}
