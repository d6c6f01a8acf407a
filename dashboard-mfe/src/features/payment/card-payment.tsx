import { useState } from 'react';
import { Button } from '@toolshop/ui';
import type { PaymentsConfig } from './api/payments-config';
import type { PayableOrder } from './api/payable-order';
import { usePaymentIntent } from './api/payment-intent';
import { useCheckPayment } from './api/payment-status';
import { useReportPayment } from './api/report-payment';
import { billingDetailsOf } from './billing-details';
import type { PaymentResult } from './payment-success';
import { StripeCardPayment } from './stripe-card-payment';
import { TestCardPayment } from './test-card-payment';
import styles from './payment.module.css';

interface CardPaymentProps {
  order: PayableOrder;
  config: PaymentsConfig;
  /** The card was charged: the page shows the result (PaymentSuccess) first. */
  onPaid: (result: PaymentResult) => void;
}

/** Pays an unpaid order by card with the provider the API names, then reports the payment. */
export function CardPayment({ order, config, onPaid }: CardPaymentProps) {
  const intent = usePaymentIntent(order);
  const report = useReportPayment();
  const status = useCheckPayment(order._id);
  const [paid, setPaid] = useState(false);

  async function handlePaid(transactionId: string) {
    let result: PaymentResult = { transactionId };
    try {
      await report.mutateAsync({ orderId: order._id, transactionId });
    } catch {
      // The card was charged: the provider's notification marks the order paid without us.
      result = { transactionId, note: 'Your order will show as paid in a moment.' };
    }
    setPaid(true);
    onPaid(result);
  }

  const form = {
    clientSecret: intent.data,
    billingDetails: billingDetailsOf(order),
    amount: order.totalPrice,
    paid,
    onPaid: handlePaid,
    checkPayment: () => status.mutateAsync(),
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
    </section>
  );
}
