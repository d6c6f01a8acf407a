// PATCH /adminOrders/{id}: a paid order is approved for shipping (SPEC.md §7), with the optional
// carrier and tracking number.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '@toolshop/auth';
import { Messages, type Order, type ShippingDetails } from '@toolshop/contracts';
import { adminOrdersKeys } from './admin-orders';

export interface Approval {
  order: Order;
  shipping: ShippingDetails;
}

export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, shipping }: Approval) =>
      api.patch(`/adminOrders/${order._id}`, shipping, { idempotent: true }),
    meta: { success: Messages.approvedForShipping },
    onSuccess: (_answer, { order: approved, shipping }) => {
      // The order stays where the admin approved it, now shipped (also under the "Paid" filter it
      // left); every list is read again the next time it is shown (with its history).
      queryClient.setQueriesData<Page<Order>>({ queryKey: adminOrdersKeys.lists }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((order) =>
                order._id === approved._id ? { ...order, ...shipping, shipped: true } : order,
              ),
            }
          : page,
      );
      return queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all, refetchType: 'none' });
    },
  });
}
