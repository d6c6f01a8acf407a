// PATCH /adminOrders/{id}: a paid order is approved for shipping (SPEC.md §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { Messages, type Order } from '@toolshop/contracts';
import { adminOrdersKeys } from './admin-orders';

export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => api.patch(`/adminOrders/${order._id}`, {}),
    meta: { success: Messages.approvedForShipping },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all }),
  });
}
