import { Button } from '@toolshop/ui';
import { InvoiceMessages, type Order } from '@toolshop/contracts';
import { useDownloadInvoice, type OrderDocument } from './api/download-invoice';

/**
 * "Invoice (PDF)" of a paid order, and "Credit note (PDF)" once its refund has one: each downloads
 * the PDF (with the token) under its number.
 */
export function InvoiceButton({
  order,
}: {
  order: Pick<Order, '_id' | 'name' | 'paid' | 'refund'>;
}) {
  const download = useDownloadInvoice();
  if (!order.paid) return null;
  const button = (document: OrderDocument, text: string) => (
    <Button
      variant="secondary"
      size="small"
      aria-label={`${text} for ${order.name}`}
      aria-busy={download.isPending || undefined}
      disabled={download.isPending}
      onClick={() => download.mutate({ orderId: order._id, document })}
    >
      {text}
    </Button>
  );
  return (
    <>
      {button('invoice', InvoiceMessages.link)}
      {order.refund?.creditNoteNumber ? button('creditNote', InvoiceMessages.creditNoteLink) : null}
    </>
  );
}
