import { CardMessages, cardOutcome, type CardInput } from './test-cards';

const now = new Date('2026-11-21T12:00:00Z');
const card = (overrides: Partial<CardInput> = {}): CardInput => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

describe('Stripe test cards', () => {
  it.each([['4242 4242 4242 4242'], ['5555555555554444'], ['4000-0566-5566-5556']])(
    '%s succeeds',
    (number) => {
      expect(cardOutcome(card({ number }), now)).toBeUndefined();
    },
  );

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', CardMessages.declined],
    [
      '4000000000009995',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['4000000000009987', 'card_declined', 'lost_card', 'Your card was declined.'],
    ['4000000000000069', 'expired_card', undefined, 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', undefined, "Your card's security code is incorrect."],
    ['4242424242424241', 'incorrect_number', undefined, 'Your card number is incorrect.'],
  ])('%s fails with %s', (number, code, declineCode, message) => {
    expect(cardOutcome(card({ number }), now)).toEqual({ code, declineCode, message });
  });

  it('refuses a number that fails the Luhn check or is too short', () => {
    expect(cardOutcome(card({ number: '4242424242424243' }), now)?.message).toBe(
      'Your card number is invalid.',
    );
    expect(cardOutcome(card({ number: '4242' }), now)?.code).toBe('invalid_number');
  });

  it('treats a card as valid through the last day of its expiry month', () => {
    expect(cardOutcome(card({ expMonth: 11, expYear: 2026 }), now)).toBeUndefined();
    expect(cardOutcome(card({ expMonth: 10, expYear: 2026 }), now)).toEqual({
      code: 'expired_card',
      message: 'Your card has expired.',
    });
    expect(cardOutcome(card({ expMonth: 10, expYear: 26 }), now)?.code).toBe('expired_card');
  });

  it('refuses an impossible expiry month or year', () => {
    expect(cardOutcome(card({ expMonth: 13 }), now)?.code).toBe('invalid_expiry_month');
    expect(cardOutcome(card({ expYear: 2099 }), now)?.code).toBe('invalid_expiry_year');
  });

  it('needs three CVC digits, four for American Express', () => {
    expect(cardOutcome(card({ cvc: '12' }), now)?.message).toBe(
      "Your card's security code is invalid.",
    );
    expect(cardOutcome(card({ number: '378282246310005', cvc: '123' }), now)?.code).toBe(
      'invalid_cvc',
    );
    expect(cardOutcome(card({ number: '378282246310005', cvc: '1234' }), now)).toBeUndefined();
  });
});
