// GET /orders/{id}/invoice.pdf: the invoice of a paid order, downloaded with the customer's token
// (a plain link could not send it).
import { useMutation } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { invoicePath } from '@toolshop/contracts';
import { ordersQueryOptions } from './my-orders';

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (orderId: string) =>
      api.download(invoicePath(orderId), `invoice-${orderId}.pdf`, ordersQueryOptions),
    // The call signs out on 401/403: an error toast would only repeat that; others are toasted.
    meta: { quietOnAuthError: true },
  });
}
