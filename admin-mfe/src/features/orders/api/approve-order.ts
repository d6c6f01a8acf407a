// PATCH /adminOrders/{id}: a paid order is approved for shipping (SPEC.md §7), with the optional
// carrier and tracking number.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { Messages, type Order, type ShippingDetails } from '@toolshop/contracts';
import { keepChangedOrderInPlace, reloadOrders } from './order-change';

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
    // The order stays where the admin approved it, now shipped (also under the "Paid" filter it
    // left); every list is read again the next time it is shown (with its history).
    onSuccess: (_answer, { order, shipping }) =>
      keepChangedOrderInPlace(queryClient, order._id, {
        ...shipping,
        shipped: true,
        state: 'shipped',
      }),
    onError: () => reloadOrders(queryClient),
  });
}
