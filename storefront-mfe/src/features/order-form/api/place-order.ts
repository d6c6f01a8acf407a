// POST /orders: the signed-in customer orders a tool; the stock shown is read again either way (an
// accepted order took from it, a refusal may mean it changed meanwhile).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import { Messages, type InsertedAnswer, type NewOrder } from '@toolshop/contracts';

/**
 * One order attempt = one `Idempotency-Key` (the API client's `idempotent`): a send without a
 * final answer (timeout, network, a 5xx, or "still being processed", which the client sends again
 * by itself) is sent again with the same key, on the next click too, so the API places the order at
 * most once; once the API has answered for good (placed, or refused with a message to act on), the
 * next send is a new attempt with a new key.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.tools }),
      queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
    ]);
  return useMutation({
    mutationFn: (order: NewOrder) =>
      api.post<InsertedAnswer>('/orders', order, { idempotent: true }),
    // A refusal is shown in the form, next to what to change.
    meta: { success: Messages.ordered, quiet: true },
    onSettled: refresh,
  });
}
