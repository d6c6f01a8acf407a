import { Button } from '@toolshop/ui';
import {
  creditNoteLinkText,
  creditNotesOf,
  InvoiceMessages,
  type Order,
} from '@toolshop/contracts';
import { useDownloadInvoice, type OrderDocument } from './api/download-invoice';

/**
 * "Invoice (PDF)" of a paid order, and a "Credit note (PDF)" for each of its refunds: each
 * downloads the PDF (with the token) under its number.
 */
export function InvoiceButton({
  order,
}: {
  order: Pick<Order, '_id' | 'name' | 'paid' | 'refunds' | 'state'>;
}) {
  const download = useDownloadInvoice();
  // An order on the company's account is invoiced before it is paid (the invoice says when it is due).
  if (!order.paid && order.state !== 'on_account') return null;
  const notes = creditNotesOf(order);
  const button = (document: OrderDocument, text: string, number?: number) => (
    <Button
      key={number ?? document}
      variant="secondary"
      size="small"
      aria-label={`${text} for ${order.name}`}
      aria-busy={download.isPending || undefined}
      disabled={download.isPending}
      onClick={() => download.mutate({ orderId: order._id, document, number })}
    >
      {text}
    </Button>
  );
  return (
    <>
      {button('invoice', InvoiceMessages.link)}
      {notes.map((number) => button('creditNote', creditNoteLinkText(number, notes), number))}
    </>
  );
}
