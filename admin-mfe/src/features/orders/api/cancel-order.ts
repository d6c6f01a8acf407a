// DELETE /orders/{id}: an admin cancels an unpaid order (SPEC.md §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { Messages, type Order } from '@toolshop/contracts';
import { adminOrdersKeys } from './admin-orders';

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => api.delete(`/orders/${order._id}`, { idempotent: true }),
    meta: { success: Messages.orderCanceled },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all }),
  });
}
