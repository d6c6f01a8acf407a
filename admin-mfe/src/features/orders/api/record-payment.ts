// POST /admin/orders/{id}/payment: an admin records a company's payment of an order on account
// (it becomes paid, its invoice issued; 409 when it is not on account).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { AccountMessages, type Order } from '@toolshop/contracts';
import { keepChangedOrderInPlace, reloadOrders } from './order-change';

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) =>
      api.post(`/admin/orders/${encodeURIComponent(order._id)}/payment`, undefined, {
        idempotent: true,
      }),
    meta: { success: AccountMessages.paymentRecorded },
    onSuccess: (_answer, order) =>
      keepChangedOrderInPlace(queryClient, order._id, { state: 'paid', paid: true }),
    onError: () => reloadOrders(queryClient),
  });
}
