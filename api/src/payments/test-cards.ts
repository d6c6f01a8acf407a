// Stripe's documented test cards and card-error messages, so the offline provider behaves like
// Stripe in test mode: the same numbers succeed or fail with the same words.

export interface CardInput {
  number: string;
  expMonth: number;
  /** Four digits, or two (then 20xx). */
  expYear: number;
  cvc: string;
}

export interface CardError {
  code: string;
  declineCode?: string;
  message: string;
}

export const CardMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  invalidCvc: "Your card's security code is invalid.",
  incorrectNumber: 'Your card number is incorrect.',
  invalidNumber: 'Your card number is invalid.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
} as const;

const declined = (declineCode: string): CardError => ({
  code: 'card_declined',
  declineCode,
  message: CardMessages.declined,
});

/** Test numbers with a fixed outcome; every other valid number succeeds. */
const SPECIAL_CARDS: Record<string, CardError> = {
  '4000000000000002': declined('generic_decline'),
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: CardMessages.insufficientFunds,
  },
  '4000000000009987': declined('lost_card'),
  '4000000000009979': declined('stolen_card'),
  '4000000000000069': { code: 'expired_card', message: CardMessages.expired },
  '4000000000000127': { code: 'incorrect_cvc', message: CardMessages.incorrectCvc },
  '4000000000000119': { code: 'processing_error', message: CardMessages.processingError },
  '4242424242424241': { code: 'incorrect_number', message: CardMessages.incorrectNumber },
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const isAmex = (digits: string) => /^3[47]/.test(digits);

/** The card error Stripe would give for this card, or undefined when the charge succeeds. */
export function cardOutcome(card: CardInput, now = new Date()): CardError | undefined {
  const digits = card.number.replace(/[\s-]/g, '');
  // The special numbers are checked first: 4242…4241 deliberately fails Luhn.
  const special = SPECIAL_CARDS[digits];
  if (!/^\d{13,19}$/.test(digits) || (!special && !passesLuhn(digits))) {
    return { code: 'invalid_number', message: CardMessages.invalidNumber };
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { code: 'invalid_expiry_month', message: CardMessages.invalidExpiryMonth };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year) || year > now.getFullYear() + 50) {
    return { code: 'invalid_expiry_year', message: CardMessages.invalidExpiryYear };
  }
  // A card is valid through the last day of its expiry month.
  const expiresAfter = new Date(year, card.expMonth, 1);
  if (expiresAfter <= now) return { code: 'expired_card', message: CardMessages.expired };
  if (!new RegExp(`^\\d{${isAmex(digits) ? 4 : 3}}$`).test(card.cvc)) {
    return { code: 'invalid_cvc', message: CardMessages.invalidCvc };
  }
  return special;
}
