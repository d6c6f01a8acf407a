// POST /orders: the signed-in customer orders a tool; the stock shown is read again either way (an
// accepted order took from it, a refusal may mean it changed meanwhile).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { Messages, type InsertedAnswer, type NewOrder } from '@toolshop/contracts';
import { queryRoots } from '../../../lib/query-keys';

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.tools }),
      queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
    ]);
  return useMutation({
    mutationFn: (order: NewOrder) => api.post<InsertedAnswer>('/orders', order),
    // A refusal is shown in the form, next to what to change.
    meta: { success: Messages.ordered, quiet: true },
    onSuccess: refresh,
    onError: refresh,
  });
}
