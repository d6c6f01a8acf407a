// GET /orders/{id}/invoice.pdf right after paying: saved with the customer's token (a plain link
// could not send it), under the name the API gives it.
import { useMutation } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { invoicePath } from '@toolshop/contracts';

export function useInvoiceOfPaidOrder(orderId: string) {
  return useMutation({
    // A failure is toasted with the API's message (the QueryClient's default).
    mutationFn: () => api.download(invoicePath(orderId), `invoice-${orderId}.pdf`),
  });
}
