// POST /quickOrders: one order of every checked line, its stock taken all-or-nothing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { NewQuickOrder } from '@toolshop/contracts';

export function usePlaceQuickOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: NewQuickOrder) =>
      api.post<{ acknowledged: boolean; insertedId: string }>('/quickOrders', order, {
        idempotent: true,
      }),
    // The page shows why (the lines' problems, the stock that went) and checks the lines again.
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
  });
}
