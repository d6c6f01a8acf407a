// PATCH /adminOrders/{id}: a paid order is approved for shipping (SPEC.md §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '@toolshop/auth';
import { Messages, type Order } from '@toolshop/contracts';
import { adminOrdersKeys } from './admin-orders';

export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => api.patch(`/adminOrders/${order._id}`, {}),
    meta: { success: Messages.approvedForShipping },
    onSuccess: (_answer, approved) => {
      // The order stays where the admin approved it, now shipped (also under the "Paid" filter it
      // left); every list is read again the next time it is shown.
      queryClient.setQueriesData<Page<Order>>({ queryKey: adminOrdersKeys.lists }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((order) =>
                order._id === approved._id ? { ...order, shipped: true } : order,
              ),
            }
          : page,
      );
      return queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all, refetchType: 'none' });
    },
  });
}
