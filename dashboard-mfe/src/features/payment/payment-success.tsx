import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button, buttonClassName } from '@toolshop/ui';
import { Messages } from '@toolshop/contracts';
import { useInvoiceOfPaidOrder } from './api/download-invoice';
import styles from './payment.module.css';

/** A card payment that went through: the payment id, and a note when its report is still pending. */
export interface PaymentResult {
  transactionId: string;
  note?: string;
}

interface PaymentSuccessProps extends PaymentResult {
  orderId: string;
  /** Paid just now on this page (SPEC §8's message, focus moves here) or found paid on arrival. */
  justPaid: boolean;
}

/** My Orders with this order marked and scrolled to. */
export const myOrderPath = (orderId: string) =>
  `/dashboard/myOrders?order=${encodeURIComponent(orderId)}`;

/**
 * The result of paying, shown first on the page at every width: SPEC §8's success message with the
 * transaction id, then where to go next (the order in My Orders, its invoice). Just paid, it takes
 * the focus (and so the scroll), and leftover toasts, which cover it on a phone, are dismissed.
 */
export function PaymentSuccess({ orderId, transactionId, note, justPaid }: PaymentSuccessProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const invoice = useInvoiceOfPaidOrder(orderId);

  useEffect(() => {
    if (!justPaid) return;
    toast.dismiss();
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start' });
  }, [justPaid]);

  return (
    <section className={styles.success} aria-labelledby="payment-result-title">
      <h2 id="payment-result-title" ref={heading} tabIndex={-1} className={styles.successTitle}>
        {justPaid ? Messages.paymentCompleted : 'This order is paid.'}
      </h2>
      <p>
        Your transaction id: <code className={styles.transaction}>{transactionId}</code>
      </p>
      {note && <p>{note}</p>}
      <div className={styles.successActions}>
        <Link className={buttonClassName('primary', 'small')} to={myOrderPath(orderId)}>
          View order
        </Link>
        <Button
          variant="secondary"
          size="small"
          aria-busy={invoice.isPending || undefined}
          disabled={invoice.isPending}
          onClick={() => invoice.mutate()}
        >
          Download invoice
        </Button>
      </div>
    </section>
  );
}
