// DELETE /orders/{id}: an unpaid order is cancelled (it leaves My Orders); the API puts its quantity
// back in stock and refuses paid ones (409).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { Messages } from '@toolshop/contracts';
import { myOrdersKeys, ordersQueryOptions } from './my-orders';

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api.delete<unknown>(`/orders/${encodeURIComponent(orderId)}`, {
        ...ordersQueryOptions,
        idempotent: true,
      }),
    // The call signs out on 401/403: an error toast would only repeat that.
    meta: { success: Messages.orderCanceled, quietOnAuthError: true },
    // Whatever the answer, the list is read again (a refusal means it changed elsewhere).
    onSettled: () => queryClient.invalidateQueries({ queryKey: myOrdersKeys.all }),
  });
}
