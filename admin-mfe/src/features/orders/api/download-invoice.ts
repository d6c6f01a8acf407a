// GET /orders/{id}/invoice.pdf (any paid order's invoice) or /credit-note.pdf (a refunded order's
// credit note), downloaded with the admin's token.
import { useMutation } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { creditNotePath, invoicePath, type Order } from '@toolshop/contracts';

export type OrderDocument = 'invoice' | 'creditNote';

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({
      order,
      document,
      number,
    }: {
      order: Order;
      document: OrderDocument;
      /** Which credit note (an order has one per refund). */
      number?: number;
    }) =>
      document === 'creditNote'
        ? api.download(
            creditNotePath(order._id, number),
            `credit-note-${number ?? order._id}.pdf`,
            {
              signOutOnAuthError: true,
            },
          )
        : api.download(invoicePath(order._id), `invoice-${order._id}.pdf`, {
            signOutOnAuthError: true,
          }),
    meta: { quietOnAuthError: true },
  });
}
