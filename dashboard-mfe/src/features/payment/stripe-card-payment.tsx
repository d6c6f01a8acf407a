import { useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { ErrorState, LoadingGroup, Skeleton } from '@toolshop/ui';
import { CardForm, type ConfirmResult, type ProviderFormProps } from './card-form';
import { useStripeJs } from './use-stripe-js';
import styles from './payment.module.css';

interface StripeCardPaymentProps extends ProviderFormProps {
  publishableKey: string;
}

/** Stripe Elements' card input, confirmed with confirmCardPayment (SPEC §7). */
export function StripeCardPayment({ publishableKey, ...form }: StripeCardPaymentProps) {
  const stripeJs = useStripeJs(publishableKey);
  if (stripeJs.status === 'loading') {
    return (
      <LoadingGroup label="Loading the card form">
        <Skeleton height="10rem" />
      </LoadingGroup>
    );
  }
  if (stripeJs.status === 'failed') {
    return (
      <ErrorState
        title="Card payments are unavailable"
        onRetry={stripeJs.retry}
        retryLabel="Try again"
      >
        The secure card form (Stripe.js) could not be loaded. Check your connection, or allow
        js.stripe.com if a blocker is active, then try again.
      </ErrorState>
    );
  }
  return (
    <Elements stripe={stripeJs.stripe}>
      <StripeCardFields {...form} />
    </Elements>
  );
}

/** Stripe's iframe cannot read our CSS variables: pass it the design tokens' values. */
function cardStyle(): StripeCardElementOptions['style'] {
  const token = (name: string, fallback: string) =>
    getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
  return {
    base: {
      fontSize: '16px',
      color: token('--ts-color-text', '#0f172a'),
      '::placeholder': { color: token('--ts-color-text-muted', '#475569') },
    },
    invalid: { color: token('--ts-color-danger', '#b91c1c') },
  };
}

function StripeCardFields({ clientSecret, billingDetails, ...form }: ProviderFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  // The card Element is an iframe: its changes come as events, and clear a refusal like the test fields'.
  const [cardEdits, setCardEdits] = useState(0);
  const [options] = useState<StripeCardElementOptions>(() => ({
    hidePostalCode: true,
    style: cardStyle(),
  }));

  async function confirm(): Promise<ConfirmResult> {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return { error: 'The card form is not ready yet.' };
    const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: billingDetails },
    });
    // No answer from Stripe: whether the card was charged is read from the API instead.
    if (error?.type === 'api_connection_error') return { unreachable: true };
    if (error) return { error: error.message ?? 'Your card was declined.' };
    if (paymentIntent?.status !== 'succeeded') return { error: 'The payment was not completed.' };
    return { paymentId: paymentIntent.id };
  }

  return (
    <CardForm
      {...form}
      ready={Boolean(stripe && clientSecret && cardReady)}
      confirm={confirm}
      cardEdits={cardEdits}
    >
      <div className={styles.stripeCard}>
        <CardElement
          options={options}
          onReady={() => setCardReady(true)}
          onChange={() => setCardEdits((count) => count + 1)}
        />
      </div>
    </CardForm>
  );
}
