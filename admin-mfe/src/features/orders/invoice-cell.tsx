import { InvoiceMessages, type Order } from '@toolshop/contracts';
import { Button } from '@toolshop/ui';
import { useDownloadInvoice, type OrderDocument } from './api/download-invoice';
import styles from './invoice-cell.module.css';

/**
 * Manage All Orders' "Invoice (PDF)" of a paid order, below its state (none for an unpaid one), and
 * "Credit note (PDF)" once its refund has one.
 */
export function InvoiceCell({ order }: { order: Order }) {
  const download = useDownloadInvoice();
  if (!order.paid) return null;
  const button = (document: OrderDocument, text: string) => (
    <Button
      size="small"
      variant="secondary"
      disabled={download.isPending}
      onClick={() => download.mutate({ order, document })}
      aria-label={`${text} of the order of ${order.name} for ${order.email}`}
    >
      {text}
    </Button>
  );
  return (
    <div className={styles.invoice}>
      {button('invoice', InvoiceMessages.link)}
      {order.refund?.creditNoteNumber ? button('creditNote', InvoiceMessages.creditNoteLink) : null}
    </div>
  );
}
