import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  BuyingMessages,
  QUOTE_MESSAGES_MAX,
  QuoteMessages,
  quoteStateAt,
  quoteTotal,
  validateQuoteAnswer,
  type InsertedAnswer,
  type Quote,
  type QuoteState,
} from '@toolshop/contracts';
import { Types, type Model, type QueryFilter } from 'mongoose';
import { AdminDirectory, hasAdminRights } from '../access/admin-directory';
import type { AuthUser } from '../auth/auth-user';
import { inserted } from '../common/answers.dto';
import { conflict, invalid, notFound } from '../common/domain-error';
import { DatabaseLocks } from '../common/lease-locks';
import { CompanyMemberRecord } from '../companies/company.schema';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { Outbox } from '../mail/outbox';
import { QuotedOrders } from '../orders/quoted-orders';
import type { QuoteAcceptDto, QuoteAnswerDto, QuoteRequestDto } from './quote.dto';
import { answeredQuoteEmail } from './quote-email';
import { QuoteRecord } from './quote.schema';

/** Newest first; a customer's (or company's) list and the admins' list stop there. */
export const QUOTES_LISTED_MAX = 200;

type LeanQuote = QuoteRecord & { _id: Types.ObjectId };

/** The quote as its readers see it: ids as text, an answered quote past its date as expired. */
function view(quote: LeanQuote, now = new Date()): Quote {
  const total = quoteTotal(quote.lines);
  return {
    _id: String(quote._id),
    email: quote.email,
    ...(quote.companyId && { companyId: String(quote.companyId) }),
    state: quoteStateAt(quote, now),
    lines: quote.lines.map((line) => ({
      toolId: String(line.toolId),
      name: line.name,
      ...(line.sku && { sku: line.sku }),
      quantity: line.quantity,
      ...(line.unitPrice !== undefined && { unitPrice: line.unitPrice }),
    })),
    ...(quote.note && { note: quote.note }),
    messages: quote.messages.map((message) => ({ ...message, at: message.at.toISOString() })),
    ...(quote.validUntil && { validUntil: quote.validUntil.toISOString() }),
    ...(total !== undefined && { total }),
    ...(quote.orderId && { orderId: String(quote.orderId) }),
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
  };
}

/** The stored filter for what readers see as `state` (expiry is read from the date). */
function stateFilter(state: QuoteState, now: Date): QueryFilter<QuoteRecord> {
  if (state === 'answered') return { state: 'answered', validUntil: { $gt: now } };
  if (state === 'expired')
    return { $or: [{ state: 'expired' }, { state: 'answered', validUntil: { $lte: now } }] };
  return { state };
}

/**
 * Quotes. A quote belongs to who asked and, when they were a company member, to their company: the
 * owner side (its members) reads, talks, accepts and declines; admins read all, answer and talk.
 * Anyone else gets 404, as for a missing quote. Changes of one quote run one at a time across API
 * processes (a lease per quote), and each is also a conditional update on the state it starts from.
 */
@Injectable()
export class QuotesService {
  constructor(
    @InjectModel(QuoteRecord.name) private readonly quotes: Model<QuoteRecord>,
    @InjectModel(CompanyMemberRecord.name) private readonly members: Model<CompanyMemberRecord>,
    private readonly orders: QuotedOrders,
    private readonly admins: AdminDirectory,
    private readonly locks: DatabaseLocks,
    private readonly outbox: Outbox,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** POST /quotes: the lines read as a quick order reads them; stock is checked only on accept. */
  async request(customer: AuthUser, input: QuoteRequestDto): Promise<InsertedAnswer> {
    const checked = await this.orders.check(input.lines);
    const problems = checked.lines.flatMap((line, index) =>
      // Asking for more than is in stock is what a quote is for: only the other rules refuse.
      line.problem &&
      !(line.toolId && line.problem === BuyingMessages.notEnoughStock(line.available ?? 0))
        ? [BuyingMessages.lineProblem(index + 1, line.name ?? line.product, line.problem)]
        : [],
    );
    if (problems.length > 0)
      throw invalid(`${BuyingMessages.linesInvalid}. ${problems.join('; ')}`);
    const companyId = await this.companyOf(customer.email);
    const note = input.note?.trim();
    const created = await this.quotes.create({
      email: customer.email,
      ...(companyId && { companyId }),
      state: 'requested',
      lines: checked.lines.map((line) => ({
        toolId: new Types.ObjectId(line.toolId),
        name: line.name,
        ...(line.sku && { sku: line.sku }),
        quantity: line.quantity,
      })),
      ...(note && { note }),
      messages: [],
    });
    return inserted(created._id);
  }

  /** GET /quotes: the caller's and their company's; an admin's: every quote. */
  async list(caller: AuthUser, state?: QuoteState): Promise<Quote[]> {
    const now = new Date();
    const filters: QueryFilter<QuoteRecord>[] = [];
    if (!(await hasAdminRights(this.admins, caller))) filters.push(await this.ownSide(caller));
    if (state) filters.push(stateFilter(state, now));
    const quotes = await this.quotes
      .find(filters.length > 0 ? { $and: filters } : {})
      .sort({ createdAt: -1, _id: -1 })
      .limit(QUOTES_LISTED_MAX)
      .lean<LeanQuote[]>();
    return quotes.map((quote) => view(quote, now));
  }

  async get(caller: AuthUser, id: string): Promise<Quote> {
    return view(await this.readable(caller, id));
  }

  /** PATCH /quotes/{id}: an admin prices every line and says until when (again until accepted or declined). */
  async answer(admin: AuthUser, id: string, input: QuoteAnswerDto): Promise<Quote> {
    return this.ofQuote(id, async () => {
      const quote = await this.find(id);
      // An expired quote may be priced again; an accepted or declined one is closed.
      if (quote.state === 'accepted' || quote.state === 'declined')
        throw conflict(QuoteMessages.closed);
      const errors = validateQuoteAnswer(input, quote.lines.length);
      const first = Object.values(errors)[0];
      if (first) throw invalid(first);
      const now = new Date();
      const validUntil = new Date(input.validUntil);
      const lines = quote.lines.map((line, index) => ({
        ...line,
        unitPrice: input.unitPrices[index],
      }));
      const message = input.message?.trim();
      const result = await this.quotes.updateOne(
        { _id: id, state: quote.state },
        {
          $set: { state: 'answered', lines, validUntil, answeredBy: admin.email },
          ...(message && {
            $push: { messages: { from: 'shop', author: admin.email, text: message, at: now } },
          }),
        },
      );
      if (result.matchedCount === 0) throw conflict(QuoteMessages.closed);
      const answered = await this.find(id);
      await this.tellAnswered(answered, message);
      return view(answered);
    });
  }

  /** POST /quotes/{id}/messages: the owner side (customer) or an admin (shop). */
  async addMessage(caller: AuthUser, id: string, text: string): Promise<Quote> {
    const quote = await this.readable(caller, id);
    const from = (await this.isOwnSide(caller, quote)) ? 'customer' : 'shop';
    return this.ofQuote(id, async () => {
      if ((await this.find(id)).messages.length >= QUOTE_MESSAGES_MAX)
        throw conflict(QuoteMessages.tooManyMessages);
      await this.quotes.updateOne(
        { _id: id },
        { $push: { messages: { from, author: caller.email, text: text.trim(), at: new Date() } } },
      );
      return view(await this.find(id));
    });
  }

  /**
   * POST /quotes/{id}/accept: once, while answered and within its date. The quote is marked
   * accepted before the order is placed, so a second accept racing this one finds it taken; if
   * placing fails (stock short, say) it is answered again.
   */
  async accept(caller: AuthUser, id: string, shipping: QuoteAcceptDto): Promise<InsertedAnswer> {
    const quote = await this.ownSideQuote(caller, id);
    return this.ofQuote(String(quote._id), async () => {
      const now = new Date();
      const current = await this.find(id);
      this.refuseUnacceptable(current, now);
      const claimed = await this.quotes.updateOne(
        { _id: id, state: 'answered', validUntil: { $gt: now }, orderId: { $exists: false } },
        { $set: { state: 'accepted', acceptedBy: caller.email } },
      );
      if (claimed.matchedCount === 0) this.refuseUnacceptable(await this.find(id), new Date());
      let order: InsertedAnswer;
      try {
        order = await this.orders.place(
          caller,
          current.lines.map((line) => ({
            toolId: String(line.toolId),
            quantity: line.quantity,
            unitPrice: line.unitPrice ?? 0,
          })),
          shipping,
        );
      } catch (error) {
        await this.quotes.updateOne(
          { _id: id, state: 'accepted', orderId: { $exists: false } },
          { $set: { state: 'answered' }, $unset: { acceptedBy: 1 } },
        );
        throw error;
      }
      await this.quotes.updateOne(
        { _id: id },
        { $set: { orderId: new Types.ObjectId(order.insertedId) } },
      );
      return order;
    });
  }

  /** POST /quotes/{id}/decline: the owner side closes an open quote. */
  async decline(caller: AuthUser, id: string): Promise<Quote> {
    await this.ownSideQuote(caller, id);
    return this.ofQuote(id, async () => {
      const current = await this.find(id);
      if (current.state === 'accepted') throw conflict(QuoteMessages.alreadyAccepted);
      if (current.state === 'declined') throw conflict(QuoteMessages.declined);
      const result = await this.quotes.updateOne(
        { _id: id, state: { $in: ['requested', 'answered', 'expired'] } },
        { $set: { state: 'declined' } },
      );
      if (result.matchedCount === 0) throw conflict(QuoteMessages.closed);
      return view(await this.find(id));
    });
  }

  /** 409 with the reason an accept cannot go on; an answered quote past its date is stored expired. */
  private refuseUnacceptable(quote: LeanQuote, now: Date): void {
    const state = quoteStateAt(quote, now);
    if (state === 'answered' && !quote.orderId) return;
    if (state === 'expired') {
      // Recorded for the lists; the answer is the same whether or not this write lands.
      void this.quotes
        .updateOne({ _id: quote._id, state: 'answered' }, { $set: { state: 'expired' } })
        .catch(() => undefined);
      throw conflict(QuoteMessages.expired);
    }
    if (state === 'requested') throw conflict(QuoteMessages.notAnswered);
    if (state === 'declined') throw conflict(QuoteMessages.declined);
    throw conflict(QuoteMessages.alreadyAccepted);
  }

  private async tellAnswered(quote: LeanQuote, message: string | undefined): Promise<void> {
    const shopUrl = this.config.shopUrl;
    const lines = quote.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice ?? 0,
    }));
    await this.outbox.enqueue(
      `quote-answered:${String(quote._id)}:${quote.updatedAt.getTime()}`,
      answeredQuoteEmail({
        to: quote.email,
        lines,
        total: quoteTotal(lines) ?? 0,
        validUntil: quote.validUntil ?? new Date(),
        ...(message && { message }),
        quoteUrl: `${shopUrl}/dashboard/quotes/${String(quote._id)}`,
        shopUrl,
      }),
    );
  }

  private async companyOf(email: string): Promise<Types.ObjectId | undefined> {
    const member = await this.members.findOne({ email }, { companyId: 1 }).lean();
    return member?.companyId;
  }

  /** The quotes of the caller's side: their own, and their company's. */
  private async ownSide(caller: AuthUser): Promise<QueryFilter<QuoteRecord>> {
    const companyId = await this.companyOf(caller.email);
    return companyId ? { $or: [{ email: caller.email }, { companyId }] } : { email: caller.email };
  }

  private async isOwnSide(caller: AuthUser, quote: LeanQuote): Promise<boolean> {
    if (quote.email === caller.email) return true;
    if (!quote.companyId) return false;
    const companyId = await this.companyOf(caller.email);
    return companyId !== undefined && companyId.equals(quote.companyId);
  }

  /** The quote if the caller's side owns it or the caller is an admin; else 404. */
  private async readable(caller: AuthUser, id: string): Promise<LeanQuote> {
    const quote = await this.find(id);
    if (await this.isOwnSide(caller, quote)) return quote;
    if (await hasAdminRights(this.admins, caller)) return quote;
    throw notFound(QuoteMessages.notFound);
  }

  /** The quote if the caller's side owns it (admins get no exception); else 404. */
  private async ownSideQuote(caller: AuthUser, id: string): Promise<LeanQuote> {
    const quote = await this.find(id);
    if (await this.isOwnSide(caller, quote)) return quote;
    throw notFound(QuoteMessages.notFound);
  }

  private async find(id: string): Promise<LeanQuote> {
    const quote = await this.quotes.findById(id).lean<LeanQuote>();
    if (!quote) throw notFound(QuoteMessages.notFound);
    return quote;
  }

  private ofQuote<T>(id: string, change: () => Promise<T>): Promise<T> {
    return this.locks.run(`quote:${id}`, change);
  }
}
