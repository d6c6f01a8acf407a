// GET /orders/{id}/invoice.pdf: any paid order's invoice, downloaded with the admin's token.
import { useMutation } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { invoicePath, type Order } from '@toolshop/contracts';

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (order: Order) =>
      api.download(invoicePath(order._id), `invoice-${order._id}.pdf`, {
        signOutOnAuthError: true,
      }),
    meta: { quietOnAuthError: true },
  });
}
