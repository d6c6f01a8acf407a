// GET /orders/{id}/invoice.pdf (a paid order's invoice) or /credit-note.pdf (a refunded order's
// credit note), downloaded with the customer's token (a plain link could not send it).
import { useMutation } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { creditNotePath, invoicePath } from '@toolshop/contracts';
import { ordersQueryOptions } from './my-orders';

export type OrderDocument = 'invoice' | 'creditNote';

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({
      orderId,
      document,
      number,
    }: {
      orderId: string;
      document: OrderDocument;
      /** Which credit note (an order has one per refund). */
      number?: number;
    }) =>
      document === 'creditNote'
        ? api.download(
            creditNotePath(orderId, number),
            `credit-note-${number ?? orderId}.pdf`,
            ordersQueryOptions,
          )
        : api.download(invoicePath(orderId), `invoice-${orderId}.pdf`, ordersQueryOptions),
    // The call signs out on 401/403: an error toast would only repeat that; others are toasted.
    meta: { quietOnAuthError: true },
  });
}
