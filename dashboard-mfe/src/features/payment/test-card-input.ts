import type { TestCard } from './api/confirm-test-card';

/** The test card form's raw text, as typed. */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** Messages of Stripe's card Element for fields that are not filled in completely. */
export const IncompleteCard = {
  number: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
} as const;

const digits = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" -> "4242 4242 4242 4242" while typing. */
export function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" -> "12 / 34" while typing. */
export function formatExpiry(value: string): string {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/**
 * The card to send, or the first field that is not complete yet. Whether the card is valid, expired
 * or declined is the payment provider's call, as with Stripe.
 */
export function readCard(fields: CardFields): { card: TestCard } | { error: string } {
  const number = digits(fields.number);
  if (number.length < 13) return { error: IncompleteCard.number };
  const expiry = digits(fields.expiry);
  if (expiry.length !== 4) return { error: IncompleteCard.expiry };
  const cvc = digits(fields.cvc);
  if (cvc.length < 3) return { error: IncompleteCard.cvc };
  return {
    card: {
      number,
      expMonth: Number(expiry.slice(0, 2)),
      expYear: 2000 + Number(expiry.slice(2)),
      cvc,
    },
  };
}
