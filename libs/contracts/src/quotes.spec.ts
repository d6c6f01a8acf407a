import {
  isQuoteExpired,
  quoteMessageError,
  QuoteMessages,
  quoteNoteError,
  quoteStateAt,
  quoteTotal,
  validateQuoteAnswer,
} from './quotes';

const now = new Date('2026-11-29T12:00:00Z');
const tomorrow = '2026-11-30T12:00:00.000Z';

describe('quote rules', () => {
  it('keeps a note to 1000 characters and asks for a message with words', () => {
    expect(quoteNoteError(undefined)).toBeUndefined();
    expect(quoteNoteError('x'.repeat(1000))).toBeUndefined();
    expect(quoteNoteError('x'.repeat(1001))).toBe(QuoteMessages.noteTooLong);
    expect(quoteNoteError(5)).toBe(QuoteMessages.noteTooLong);
    expect(quoteMessageError('Can you do 10% off?')).toBeUndefined();
    for (const bad of [undefined, '', '   ', 3])
      expect(quoteMessageError(bad)).toBe(QuoteMessages.messageRequired);
    expect(quoteMessageError('x'.repeat(1001))).toBe(QuoteMessages.messageTooLong);
  });

  it('answers with one whole-dollar price per line and a later validity date', () => {
    expect(validateQuoteAnswer({ unitPrices: [90, 0], validUntil: tomorrow }, 2, now)).toEqual({});
    expect(validateQuoteAnswer({ unitPrices: [90], validUntil: tomorrow }, 2, now)).toEqual({
      unitPrices: QuoteMessages.pricesPerLine,
    });
    for (const bad of [
      [9.99, 1],
      [-1, 1],
      [1_000_001, 1],
      ['9', 1],
    ])
      expect(
        validateQuoteAnswer({ unitPrices: bad, validUntil: tomorrow }, 2, now).unitPrices,
      ).toBe(QuoteMessages.unitPrice);
    expect(
      validateQuoteAnswer({ unitPrices: 'nine', validUntil: tomorrow }, 1, now).unitPrices,
    ).toBe(QuoteMessages.pricesPerLine);
    const validity = (validUntil: unknown) =>
      validateQuoteAnswer({ unitPrices: [1], validUntil }, 1, now).validUntil;
    expect(validity(undefined)).toBe(QuoteMessages.validUntilRequired);
    expect(validity('not a date')).toBe(QuoteMessages.validUntilRequired);
    expect(validity('2026-11-29T11:59:59Z')).toBe(QuoteMessages.validUntilPast);
    expect(validity('2028-01-01T00:00:00Z')).toBe(QuoteMessages.validUntilTooFar);
    expect(
      validateQuoteAnswer(
        { unitPrices: [1], validUntil: tomorrow, message: 'x'.repeat(1001) },
        1,
        now,
      ).message,
    ).toBe(QuoteMessages.messageTooLong);
  });

  it('reads an answered quote past its date as expired', () => {
    expect(isQuoteExpired({ state: 'answered', validUntil: tomorrow }, now)).toBe(false);
    expect(quoteStateAt({ state: 'answered', validUntil: '2026-11-29T12:00:00Z' }, now)).toBe(
      'expired',
    );
    expect(quoteStateAt({ state: 'accepted', validUntil: '2026-01-01T00:00:00Z' }, now)).toBe(
      'accepted',
    );
    expect(quoteStateAt({ state: 'requested' }, now)).toBe('requested');
  });

  it('totals the lines once every line has a price', () => {
    expect(
      quoteTotal([
        { quantity: 10, unitPrice: 90 },
        { quantity: 2, unitPrice: 0 },
      ]),
    ).toBe(900);
    expect(quoteTotal([{ quantity: 10, unitPrice: 90 }, { quantity: 2 }])).toBeUndefined();
    expect(quoteTotal([])).toBeUndefined();
  });
});
