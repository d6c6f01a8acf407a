import { useState } from 'react';
import { Button } from '@toolshop/ui';
import type { PaymentsConfig } from './api/payments-config';
import type { PayableOrder } from './api/payable-order';
import { usePaymentIntent } from './api/payment-intent';
import { useReportPayment } from './api/report-payment';
import { billingDetailsOf } from './billing-details';
import { PaymentSuccess } from './payment-success';
import { StripeCardPayment } from './stripe-card-payment';
import { TestCardPayment } from './test-card-payment';
import styles from './payment.module.css';

interface CardPaymentProps {
  order: PayableOrder;
  config: PaymentsConfig;
}

/** Pays an unpaid order by card with the provider the API names, then reports the payment. */
export function CardPayment({ order, config }: CardPaymentProps) {
  const intent = usePaymentIntent(order);
  const report = useReportPayment();
  const [paid, setPaid] = useState<{ transactionId: string; note?: string }>();

  async function handlePaid(transactionId: string) {
    try {
      await report.mutateAsync({ orderId: order._id, transactionId });
      setPaid({ transactionId });
    } catch {
      // The card was charged: the provider's notification marks the order paid without us.
      setPaid({ transactionId, note: 'Your order will show as paid in a moment.' });
    }
  }

  const form = {
    clientSecret: intent.data,
    billingDetails: billingDetailsOf(order),
    amount: order.totalPrice,
    paid: Boolean(paid),
    onPaid: handlePaid,
  };

  return (
    <section className={styles.payment} aria-labelledby="card-payment-title">
      <h2 id="card-payment-title" className={styles.heading}>
        Pay by card
      </h2>
      {intent.error && (
        <div role="alert" className={styles.prepareError}>
          <p>The payment could not be prepared: {intent.error.message}</p>
          <Button variant="secondary" size="small" onClick={() => void intent.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {config.provider === 'stripe' && config.publishableKey ? (
        <StripeCardPayment publishableKey={config.publishableKey} {...form} />
      ) : (
        <TestCardPayment {...form} />
      )}
      {paid && <PaymentSuccess transactionId={paid.transactionId} note={paid.note} />}
    </section>
  );
}
