import { Button } from '@toolshop/ui';
import { InvoiceMessages, type Order } from '@toolshop/contracts';
import { useDownloadInvoice } from './api/download-invoice';

/** "Invoice (PDF)" of a paid order: downloads the PDF (with the token) under the invoice's name. */
export function InvoiceButton({ order }: { order: Pick<Order, '_id' | 'name' | 'paid'> }) {
  const download = useDownloadInvoice();
  if (!order.paid) return null;
  return (
    <Button
      variant="secondary"
      size="small"
      aria-label={`${InvoiceMessages.link} for ${order.name}`}
      aria-busy={download.isPending || undefined}
      disabled={download.isPending}
      onClick={() => download.mutate(order._id)}
    >
      {InvoiceMessages.link}
    </Button>
  );
}
