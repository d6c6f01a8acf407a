import { InvoiceMessages, type Order } from '@toolshop/contracts';
import { Button } from '@toolshop/ui';
import { useDownloadInvoice } from './api/download-invoice';
import styles from './invoice-cell.module.css';

/** Manage All Orders' "Invoice (PDF)" of a paid or shipped order, below its state (none for an unpaid one). */
export function InvoiceCell({ order }: { order: Order }) {
  const download = useDownloadInvoice();
  if (!order.paid) return null;
  return (
    <div className={styles.invoice}>
      <Button
        size="small"
        variant="secondary"
        disabled={download.isPending}
        onClick={() => download.mutate(order)}
        aria-label={`${InvoiceMessages.link} of the order of ${order.name} for ${order.email}`}
      >
        {InvoiceMessages.link}
      </Button>
    </div>
  );
}
