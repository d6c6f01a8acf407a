import { formatCardNumber, formatExpiry, IncompleteCard, readCard } from './test-card-input';

describe('test card input', () => {
  it('groups the card number by four and stops at 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM / YY', () => {
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12/345')).toBe('12 / 34');
  });

  it('names the first incomplete field with the card form’s message', () => {
    expect(readCard({ number: '4242', expiry: '', cvc: '' })).toEqual({
      error: IncompleteCard.number,
    });
    expect(readCard({ number: '4242 4242 4242 4242', expiry: '12 / 3', cvc: '' })).toEqual({
      error: "Your card's expiration date is incomplete.",
    });
    expect(readCard({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '1' })).toEqual({
      error: "Your card's security code is incomplete.",
    });
  });

  it('reads a complete card', () => {
    expect(readCard({ number: '4242 4242 4242 4242', expiry: '04 / 31', cvc: '123' })).toEqual({
      card: { number: '4242424242424242', expMonth: 4, expYear: 2031, cvc: '123' },
    });
  });
});
