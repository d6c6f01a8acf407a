// POST /payments/test/confirm (test provider only): confirms like Stripe.js would; a refused card
// throws with Stripe's message, which the card form shows under the card.
import { api } from '@toolshop/auth';
import type { BillingDetails } from '../billing-details';

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export async function confirmTestCardPayment(
  clientSecret: string,
  card: TestCard,
  billingDetails: BillingDetails,
) {
  return api.post<{ id: string; status: string }>(
    '/payments/test/confirm',
    { clientSecret, card, billingDetails },
    { idempotent: true },
  );
}
