import {
  creditNoteLinkText,
  creditNotesOf,
  InvoiceMessages,
  type Order,
} from '@toolshop/contracts';
import { Button } from '@toolshop/ui';
import { useDownloadInvoice, type OrderDocument } from './api/download-invoice';
import styles from './invoice-cell.module.css';

/**
 * Manage All Orders' "Invoice (PDF)" of a paid order, below its state (none for an unpaid one), and
 * a "Credit note (PDF)" for each of its refunds.
 */
export function InvoiceCell({ order }: { order: Order }) {
  const download = useDownloadInvoice();
  if (!order.paid) return null;
  const notes = creditNotesOf(order);
  const button = (document: OrderDocument, text: string, number?: number) => (
    <Button
      key={number ?? document}
      size="small"
      variant="secondary"
      disabled={download.isPending}
      onClick={() => download.mutate({ order, document, number })}
      aria-label={`${text} of the order of ${order.name} for ${order.email}`}
    >
      {text}
    </Button>
  );
  return (
    <div className={styles.invoice}>
      {button('invoice', InvoiceMessages.link)}
      {notes.map((number) => button('creditNote', creditNoteLinkText(number, notes), number))}
    </div>
  );
}
