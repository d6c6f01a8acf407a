import { useState } from 'react';
import { Button } from '@toolshop/ui';
import { billingDetailsOf, reportPayment, type PayableOrder, type PaymentsConfig } from './payment-api';
import { PaymentSuccess } from './payment-success';
import { StripeCardPayment } from './stripe-card-payment';
import { TestCardPayment } from './test-card-payment';
import { useClientSecret } from './use-client-secret';
import styles from './payment.module.css';

interface CardPaymentProps {
  order: PayableOrder;
  config: PaymentsConfig;
}

/** Pays an unpaid order by card with the provider the API names, then reports the payment. */
export function CardPayment({ order, config }: CardPaymentProps) {
  const secret = useClientSecret(order);
  const [paid, setPaid] = useState<{ transactionId: string; note?: string }>();

  async function handlePaid(transactionId: string) {
    try {
      await reportPayment(order._id, transactionId);
      setPaid({ transactionId });
    } catch {
      // The card was charged: the provider's notification marks the order paid without us.
      setPaid({ transactionId, note: 'Your order will show as paid in a moment.' });
    }
  }

  const form = {
    clientSecret: secret.clientSecret,
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
      {secret.error && (
        <div role="alert" className={styles.prepareError}>
          <p>The payment could not be prepared: {secret.error}</p>
          <Button variant="secondary" size="small" onClick={secret.retry}>
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
