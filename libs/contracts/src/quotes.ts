import { ORDER_LINES_MAX } from './buying';
import { PRICE_MAX } from './constants';

/**
 * Quotes: a customer (or a company, for its members) asks the shop for prices on a list of
 * products; an admin answers with a unit price per line and a date the prices hold until; the
 * buyer accepts (one order at the quoted prices) or declines. One source for the API and the forms.
 */

export const QUOTE_STATES = ['requested', 'answered', 'accepted', 'expired', 'declined'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  requested: 'Requested',
  answered: 'Answered',
  accepted: 'Accepted',
  expired: 'Expired',
  declined: 'Declined',
};

/** Lines of one quote: as many as one quick order. */
export const QUOTE_LINES_MAX = ORDER_LINES_MAX;
export const QUOTE_NOTE_MAX_LENGTH = 1000;
export const QUOTE_MESSAGE_MAX_LENGTH = 1000;
/** Messages one quote keeps (both sides together). */
export const QUOTE_MESSAGES_MAX = 100;
/** How far ahead an answer may hold its prices. */
export const QUOTE_VALIDITY_MAX_DAYS = 365;

export const QuoteMessages = {
  notFound: 'Quote not found',
  expired: 'This quote has expired',
  notAnswered: 'This quote has not been answered yet',
  alreadyAccepted: 'This quote was already accepted',
  declined: 'This quote was declined',
  closed: 'This quote is closed',
  noteTooLong: `The note can be at most ${QUOTE_NOTE_MAX_LENGTH} characters`,
  messageRequired: 'Write a message',
  messageTooLong: `A message can be at most ${QUOTE_MESSAGE_MAX_LENGTH} characters`,
  tooManyMessages: `At most ${QUOTE_MESSAGES_MAX} messages on one quote`,
  pricesPerLine: 'Give one unit price per line of the quote',
  unitPrice: 'Each unit price is whole dollars from 0 to 1,000,000',
  validUntilRequired: 'Give the date the prices hold until',
  validUntilPast: 'The prices must hold until a later time than now',
  validUntilTooFar: `The prices can hold at most ${QUOTE_VALIDITY_MAX_DAYS} days`,
  notEnoughStock: (name: string, available: number) =>
    available > 0
      ? `Not enough stock of ${name}: only ${available} left`
      : `Not enough stock of ${name}: out of stock`,
} as const;

/** A line of a quote: the product found for what the customer wrote, and the price once answered. */
export interface QuoteLine {
  toolId: string;
  name: string;
  sku?: string;
  quantity: number;
  /** Whole dollars a unit, as the admin answered; absent until answered. */
  unitPrice?: number;
}

export interface QuoteMessage {
  /** `shop`: an admin wrote it; `customer`: the customer or a member of the company. */
  from: 'customer' | 'shop';
  author: string;
  text: string;
  at: string;
}

export interface Quote {
  _id: string;
  /** Who asked. */
  email: string;
  /** Set when the asker was a company member: every member sees it. */
  companyId?: string;
  state: QuoteState;
  lines: QuoteLine[];
  note?: string;
  messages: QuoteMessage[];
  /** ISO date-time the answered prices hold until. */
  validUntil?: string;
  /** Whole dollars: the sum of the lines at the quoted prices, once answered. */
  total?: number;
  /** The order made when it was accepted. */
  orderId?: string;
  createdAt: string;
  updatedAt: string;
}

/** POST /quotes. */
export interface QuoteRequestInput {
  lines: Array<{ product: string; quantity: number }>;
  note?: string;
}

/** PATCH /quotes/{id}: the admin's answer. */
export interface QuoteAnswerInput {
  /** One whole-dollar unit price per line, in the quote's order. */
  unitPrices: number[];
  /** ISO date-time. */
  validUntil: string;
  message?: string;
}

/** Whether an answered quote's prices no longer hold at `now`. */
export function isQuoteExpired(
  quote: { state: QuoteState; validUntil?: string | Date },
  now: Date = new Date(),
): boolean {
  if (quote.state === 'expired') return true;
  if (quote.state !== 'answered' || !quote.validUntil) return false;
  return new Date(quote.validUntil).getTime() <= now.getTime();
}

/** The state a reader sees: an answered quote past its date is expired even before it is stored so. */
export function quoteStateAt(
  quote: { state: QuoteState; validUntil?: string | Date },
  now: Date = new Date(),
): QuoteState {
  return isQuoteExpired(quote, now) ? 'expired' : quote.state;
}

export function quoteNoteError(note: unknown): string | undefined {
  if (note === undefined || note === null) return undefined;
  if (typeof note !== 'string' || note.length > QUOTE_NOTE_MAX_LENGTH)
    return QuoteMessages.noteTooLong;
  return undefined;
}

export function quoteMessageError(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.trim() === '') return QuoteMessages.messageRequired;
  if (text.length > QUOTE_MESSAGE_MAX_LENGTH) return QuoteMessages.messageTooLong;
  return undefined;
}

/** An answer's optional message: absent or empty is no message. */
export function quoteAnswerMessageError(text: unknown): string | undefined {
  if (text === undefined || text === null || text === '') return undefined;
  return quoteMessageError(text);
}

export function quoteUnitPricesError(prices: unknown): string | undefined {
  if (!Array.isArray(prices) || prices.length === 0 || prices.length > QUOTE_LINES_MAX)
    return QuoteMessages.pricesPerLine;
  const bad = (price: unknown) =>
    typeof price !== 'number' || !Number.isInteger(price) || price < 0 || price > PRICE_MAX;
  return prices.some(bad) ? QuoteMessages.unitPrice : undefined;
}

/** A validity date: a real date-time after `now`, at most QUOTE_VALIDITY_MAX_DAYS ahead. */
export function quoteValidUntilError(value: unknown, now: Date = new Date()): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return QuoteMessages.validUntilRequired;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return QuoteMessages.validUntilRequired;
  if (time <= now.getTime()) return QuoteMessages.validUntilPast;
  if (time > now.getTime() + QUOTE_VALIDITY_MAX_DAYS * 86_400_000)
    return QuoteMessages.validUntilTooFar;
  return undefined;
}

/** Every problem of an answer for a quote of `lineCount` lines, by field. */
export function validateQuoteAnswer(
  answer: Partial<Record<keyof QuoteAnswerInput, unknown>>,
  lineCount: number,
  now: Date = new Date(),
): Partial<Record<keyof QuoteAnswerInput, string>> {
  const errors: Partial<Record<keyof QuoteAnswerInput, string>> = {};
  const prices =
    quoteUnitPricesError(answer.unitPrices) ??
    ((answer.unitPrices as unknown[]).length === lineCount
      ? undefined
      : QuoteMessages.pricesPerLine);
  if (prices) errors.unitPrices = prices;
  const validUntil = quoteValidUntilError(answer.validUntil, now);
  if (validUntil) errors.validUntil = validUntil;
  const message = quoteAnswerMessageError(answer.message);
  if (message) errors.message = message;
  return errors;
}

/** Whole dollars: the lines at their quoted prices (undefined until every line has one). */
export function quoteTotal(lines: readonly Pick<QuoteLine, 'quantity' | 'unitPrice'>[]) {
  if (lines.length === 0 || lines.some((line) => line.unitPrice === undefined)) return undefined;
  return lines.reduce((sum, line) => sum + line.quantity * (line.unitPrice ?? 0), 0);
}
