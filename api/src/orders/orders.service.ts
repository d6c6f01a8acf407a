import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ApiMessages,
  BuyingMessages,
  CLOSED_UNFULFILLED_STATES,
  AccountMessages,
  CompanyMessages,
  Messages,
  normalizeEmail,
  packSizeOf,
  quantityIssue,
  lineTotal,
  memberUnitPrice,
  sumDollars,
  type CompanyPriceTerms,
  type InsertedAnswer,
  type OrderLineInput,
  type OrderState,
  type PriceTier,
  type QuickOrderCheck,
} from '@toolshop/contracts';
import { Types, type Model } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { inserted } from '../common/answers.dto';
import { CompanyBuying, type BuyerTerms } from '../companies/company-buying';
import { CompanyPrices, type CompanyPricing } from '../companies/company-prices.service';
import { conflict, invalid, notFound } from '../common/domain-error';
import type { KeyedRun } from '../common/idempotency';
import { DatabaseLocks } from '../common/lease-locks';
import type { Page } from '../common/pagination';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { OrderNotifications } from '../notifications/order-notifications';
import { escapeRegex } from '../tools/tool-query';
import { StockReservations } from '../tools/stock-reservations';
import { ToolsService } from '../tools/tools.service';
import type { CreateOrderDto } from './order.dto';
import {
  checkedOrder,
  judgeLines,
  matchProduct,
  productParts,
  type LineVerdict,
} from './quick-order-check';
import type { QuickOrderDto } from './quick-order.dto';
import { listOrders, OrderChanges, PUBLIC_FIELDS, rolesOf, withActions } from './order-changes';
import { Order } from './order.schema';
import { OrderNumbers } from './order-numbers';
import { placedEntry } from './order-timeline';
import {
  companyOrdersLock,
  dueDate,
  outstandingOnAccount,
  spentThisMonth,
} from './order-approvals';
import { UnpaidOrderSlots } from './unpaid-order-slots';

/** What holds a new unpaid order's place: its slot and until when; and its number. */
interface Held {
  reservedUntil: Date;
  unpaidSlot: string;
  number: string;
  /** A company member's order: whether its total waits for approval. */
  company?: CompanyPlacement;
}

interface CompanyPlacement {
  companyId: Types.ObjectId;
  needsApproval: (totalPrice: number) => boolean;
  /** Net terms: an order not waiting goes on account, within the credit left. */
  account?: { netDays: number; remainingCredit: number };
}

/** 400 for a member of a company that requires a PO number, ordering without one. */
function refuseMissingPurchaseOrder(terms: BuyerTerms | null, body: ShippingFields): void {
  if (terms?.purchaseOrderRequired && !body.purchaseOrder)
    throw invalid(CompanyMessages.purchaseOrderRequired);
}

type ShippingFields = Pick<CreateOrderDto, 'address' | 'phone' | 'userName' | 'purchaseOrder'>;

/** An accepted quote's unit price per product id: it replaces the tiers for that order. */
export type QuotedPrices = ReadonlyMap<string, number>;

function atQuotedPrice<T extends PricedTool>(tool: T, price: number | undefined): T {
  return price === undefined ? tool : { ...tool, price, priceTiers: [] };
}

/** An order as it was saved: its "order placed" email is written from it (no read back). */
type SavedOrder = Order & { _id: Types.ObjectId };

/** What an order reads of a product it takes. */
interface PricedTool {
  _id: Types.ObjectId;
  name: string;
  sku?: string;
  img: string;
  price: number;
  minOrder?: number;
  packSize?: number;
  priceTiers?: PriceTier[];
}

/**
 * What an order (or one of its lines) keeps of a product: the unit price from its tiers or the
 * buyer's company price list.
 */
function orderLine(tool: PricedTool, quantity: number, company?: CompanyPriceTerms) {
  const unitPrice = memberUnitPrice(tool, quantity, company);
  return {
    toolId: tool._id,
    name: tool.name,
    // The SKU as ordered: the invoice, My Orders and the CSV show it even if it changes later.
    ...(tool.sku && { sku: tool.sku }),
    img: tool.img,
    orderQuantity: quantity,
    unitPrice,
    totalPrice: lineTotal(quantity, unitPrice),
  };
}

/**
 * Refuses an order whose lines break a rule: 400 naming each line (BuyingMessages.lineProblem),
 * or 409 when the only problem is stock that went since the customer's check.
 */
function refuseBrokenLines(verdicts: LineVerdict[]): void {
  const broken = verdicts
    .map((verdict, index) => ({ ...verdict, lineNumber: index + 1 }))
    .filter((verdict) => verdict.issue);
  const rules = broken.filter((verdict) => verdict.issue !== 'aboveStock');
  if (rules.length > 0)
    throw invalid(
      `${BuyingMessages.linesInvalid}. ${rules
        .map(({ line, lineNumber }) =>
          BuyingMessages.lineProblem(lineNumber, line.name ?? line.product, line.problem ?? ''),
        )
        .join('; ')}`,
    );
  if (broken.length > 0) throw conflict(BuyingMessages.stockChanged);
}

/** The customer's side of orders: place one (of one tool, or of many lines), list one's own, read one. */
@Injectable()
export class OrdersService {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly tools: ToolsService,
    private readonly stock: StockReservations,
    private readonly slots: UnpaidOrderSlots,
    private readonly notifications: OrderNotifications,
    private readonly numbers: OrderNumbers,
    private readonly changes: OrderChanges,
    private readonly prices: CompanyPrices,
    private readonly companies: CompanyBuying,
    private readonly locks: DatabaseLocks,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * Claims one of the customer's unpaid-order slots, takes the stock and saves the order
   * (StockReservations.reserve: a crash in between leaves a hold the expiry sweep settles, or a retry of
   * the same Idempotency-Key: see earlierRun); the order holds both until it is paid, cancelled or
   * expires.
   */
  async create(customer: AuthUser, body: CreateOrderDto, run?: KeyedRun): Promise<InsertedAnswer> {
    const terms = await this.companies.buyerTerms(customer.email);
    refuseMissingPurchaseOrder(terms, body);
    const earlier = await this.earlierRun(run, [body.toolId]);
    if (earlier) return earlier;
    const pricing = await this.prices.forBuyer(customer.email, [body.toolId]);
    const quantity = body.orderQuantity;
    const placed = await this.place(customer, run, terms, (orderId, held) =>
      this.stock.reserve(
        body.toolId,
        quantity,
        String(orderId),
        (tool) => this.insert(orderId, tool, customer, body, held, pricing),
        (id) => this.changes.keepsStock(id),
      ),
    );
    if (placed) return placed;
    const current = await this.tools.find(body.toolId);
    if (!current) throw notFound(ApiMessages.toolNotFound);
    // The shared rules say which: below the minimum or not whole packs is a bad request; above the
    // (possibly just sold) stock is a conflict.
    const issue = quantityIssue(quantity, current);
    if (issue === 'belowMinimum') throw invalid(Messages.invalidQuantity);
    if (issue === 'packMultiple')
      throw invalid(BuyingMessages.packMultiple(packSizeOf(current), current.minOrder));
    throw conflict(Messages.invalidQuantity);
  }

  /** POST /quickOrders/check: each line's product (by SKU, name or id), price and problem, in the order sent. */
  async check(lines: OrderLineInput[], email?: string): Promise<QuickOrderCheck> {
    // A SKU first (exact, any case; also the SKU of a "SKU — name" line), then the id or name.
    const parts = lines.map((line) => productParts(line.product));
    const tools = await this.tools.findNamed(
      lines.flatMap((line, index) => [line.product.trim(), parts[index]!.name]),
      parts.flatMap((part) => (part.sku ? [part.sku] : [])),
    );
    const bySku = new Map(tools.flatMap((tool) => (tool.sku ? [[tool.sku, tool] as const] : [])));
    const byId = new Map(tools.map((tool) => [String(tool._id), tool]));
    const byName = new Map<string, (typeof tools)[number]>();
    for (const tool of tools) {
      const name = tool.name.trim().toLowerCase();
      if (!byName.has(name)) byName.set(name, tool);
    }
    const exact = (product: string) => {
      const { sku, name } = productParts(product);
      return (
        (sku && bySku.get(sku)) ||
        (byId.get(product.toLowerCase()) ??
          byName.get(product.toLowerCase()) ??
          byName.get(name.toLowerCase()))
      );
    };
    const nameOf = (product: string) => productParts(product).name;
    const missing = lines
      .map((line) => line.product.trim())
      .filter((product) => !exact(product))
      .map(nameOf);
    const candidates = missing.length > 0 ? await this.tools.findCandidates(missing) : [];
    // Priced for the caller's company, when asked for someone's lines.
    const pricing = email
      ? await this.prices.forBuyer(
          email,
          [...tools, ...candidates].map((tool) => String(tool._id)),
        )
      : undefined;
    return checkedOrder(
      judgeLines(
        lines,
        (product) => exact(product) ?? matchProduct(nameOf(product), candidates).tool,
        (product) => matchProduct(nameOf(product), candidates).suggestions,
        pricing,
      ),
    );
  }

  /**
   * POST /quickOrders: one order of many lines. The lines are checked first (a line that breaks a
   * rule: 400 naming it; stock short: 409, nothing ordered), then every line's stock is taken all
   * or nothing (StockReservations.reserveAll) and the order saved with the terms of the documents taken.
   */
  async createFromLines(
    customer: AuthUser,
    body: QuickOrderDto,
    run?: KeyedRun,
    quoted?: QuotedPrices,
  ): Promise<InsertedAnswer> {
    const terms = await this.companies.buyerTerms(customer.email);
    refuseMissingPurchaseOrder(terms, body);
    // Before the checks: the stock an earlier run's order took is not there for this one.
    const earlier = await this.earlierRun(
      run,
      body.lines.map((line) => line.toolId),
    );
    if (earlier) return earlier;
    const lines = body.lines.map(({ toolId, quantity }) => ({ product: toolId, quantity }));
    const found = new Map(
      (await this.tools.findMany(body.lines.map((line) => line.toolId))).map((tool) => [
        String(tool._id),
        tool,
      ]),
    );
    refuseBrokenLines(judgeLines(lines, (toolId) => found.get(toolId)));
    // An accepted quote's prices stand as agreed; the company's price list prices the other lines.
    const pricing = await this.prices.forBuyer(
      customer.email,
      body.lines.filter((line) => !quoted?.has(line.toolId)).map((line) => line.toolId),
    );
    const placed = await this.place(customer, run, terms, (orderId, held) =>
      this.stock.reserveAll(
        body.lines,
        String(orderId),
        (taken) => {
          // The terms of the documents taken decide (an edit since the check may have changed them).
          refuseBrokenLines(judgeLines(lines, (toolId) => taken.get(toolId)));
          return this.insertLines(orderId, body, taken, customer, held, pricing, quoted);
        },
        (id) => this.changes.keepsStock(id),
      ),
    );
    if (!placed) throw conflict(BuyingMessages.stockChanged);
    return placed;
  }

  /**
   * A call with an Idempotency-Key whose earlier run may have died mid-way (KeyedRun.retried: its
   * claim was taken over): every run of a key places its order under the key's resourceId, so the
   * order that run saved is the answer (its "order placed" email queued once, by its id). If it
   * saved none, the stock its holds took goes back and its slot is freed, and this run places the
   * order; the unique `_id` keeps it one order even if that run was only stalled and saves yet.
   */
  private async earlierRun(
    run: KeyedRun | undefined,
    toolIds: readonly string[],
  ): Promise<InsertedAnswer | undefined> {
    if (!run?.retried) return undefined;
    const orderId = run.resourceId;
    const saved = await this.orders.findById(orderId).lean<SavedOrder>();
    if (saved) {
      await this.notifications.placed({ ...saved, id: orderId });
      return inserted(saved._id);
    }
    await this.stock.settleOrderHolds(toolIds, orderId, (id) => this.changes.keepsStock(id));
    await this.slots.releaseOrder(orderId);
    return undefined;
  }

  /**
   * The steps every order takes: a slot among the customer's unpaid orders, then `reserve` (stock
   * and insert); the slot is freed again if nothing was saved. Answers null when the stock was
   * not there; the 'order placed' email is queued once the order is saved. A keyed call's order
   * is saved under its key's resourceId: another run of the key that saved it first is the answer.
   */
  private async place(
    customer: AuthUser,
    run: KeyedRun | undefined,
    terms: BuyerTerms | null,
    reserve: (orderId: Types.ObjectId, held: Held) => Promise<SavedOrder | null>,
  ): Promise<InsertedAnswer | null> {
    if (!terms) return this.placeHeld(customer, run, reserve);
    // A company's orders are placed one at a time: of two racing for the last of a monthly limit
    // or of the credit, the second reads the first's total and waits for approval (or is refused).
    return this.locks.run(companyOrdersLock(terms.companyId), async () =>
      this.placeHeld(customer, run, reserve, await this.placement(customer.email, terms)),
    );
  }

  /** Which of a member's orders wait for approval: a buyer's over their remaining limit, or all. */
  private async placement(email: string, terms: BuyerTerms): Promise<CompanyPlacement> {
    const account = terms.account && {
      netDays: terms.account.netDays,
      remainingCredit:
        terms.account.creditLimit - (await outstandingOnAccount(this.orders, terms.companyId)),
    };
    const place = (needsApproval: (total: number) => boolean) => ({
      companyId: terms.companyId,
      needsApproval,
      ...(account && { account }),
    });
    const { role, monthlyLimit, approvalFor } = terms;
    if (role !== 'buyer') return place(() => false);
    if (approvalFor === 'allBuyers') return place(() => true);
    if (monthlyLimit === undefined) return place(() => false);
    const spent = await spentThisMonth(this.orders, terms.companyId, email, terms.timeZone);
    return place((total) => spent + total > monthlyLimit);
  }

  private async placeHeld(
    customer: AuthUser,
    run: KeyedRun | undefined,
    reserve: (orderId: Types.ObjectId, held: Held) => Promise<SavedOrder | null>,
    company?: CompanyPlacement,
  ): Promise<InsertedAnswer | null> {
    const orderId = new Types.ObjectId(run?.resourceId);
    const reservedUntil = new Date(Date.now() + this.config.unpaidOrderTtlSeconds * 1000);
    const slot = await this.slots.claim(customer.email, reservedUntil, String(orderId));
    let placed: SavedOrder | null;
    try {
      // Taken first, saved in the order's insert: an order never exists without its number.
      const number = await this.numbers.next();
      placed = await reserve(orderId, { reservedUntil, unpaidSlot: slot, number, company });
    } catch (error) {
      // Unless the order was saved after all (an answer lost on the way back): then it holds the
      // slot, or another run of its key saved it (a duplicate _id) and holds a slot of its own.
      const saved = await this.orders
        .findById(orderId, { unpaidSlot: 1 })
        .lean()
        .catch(() => undefined);
      if (saved === null || (saved && saved.unpaidSlot !== slot))
        await this.slots.release(slot, String(orderId));
      if (saved && run) return inserted(orderId);
      throw error;
    }
    if (!placed) {
      await this.slots.release(slot, String(orderId));
      // Out of stock because another run of the key took it, for the order it saved meanwhile.
      if (run && (await this.exists(String(orderId)))) return inserted(orderId);
      return null;
    }
    // Queued, never sent here; never throws. An order awaiting approval is told by its own email.
    if (placed.state === 'awaiting_approval')
      await this.notifications.awaitingApproval({ ...placed, id: String(orderId) });
    else if (placed.state === 'on_account' && placed.dueAt) {
      // Not an unpaid order: its place among the buyer's unpaid orders is free at once.
      await this.slots.release(slot, String(orderId));
      await this.notifications.onAccount({ ...placed, id: String(orderId), dueAt: placed.dueAt });
    } else await this.notifications.placed({ ...placed, id: String(orderId) });
    return inserted(orderId);
  }

  private async insert(
    _id: Types.ObjectId,
    tool: PricedTool,
    customer: AuthUser,
    body: CreateOrderDto,
    held: Held,
    pricing: CompanyPricing,
  ): Promise<SavedOrder> {
    const quantity = body.orderQuantity;
    // The pack and the price are the reserved document's (an edit meanwhile cannot slip between
    // a check and the order); refusing here gives the stock back (reserve).
    const pack = packSizeOf(tool);
    if (quantity % pack !== 0) throw invalid(BuyingMessages.packMultiple(pack, tool.minOrder));
    const line = orderLine(tool, quantity, pricing(String(tool._id)));
    const order = await this.orders.create({
      _id,
      ...line,
      ...this.unpaid(customer, body, held, line.totalPrice),
    });
    return order.toObject();
  }

  /**
   * A multi-line order, in the customer's order of lines: toolId, img and name are its first line's
   * ("Drill and 2 more"), orderQuantity and totalPrice the sums, so every screen of a single-tool
   * order shows it.
   */
  private async insertLines(
    _id: Types.ObjectId,
    body: QuickOrderDto,
    taken: ReadonlyMap<string, PricedTool>,
    customer: AuthUser,
    held: Held,
    pricing: CompanyPricing,
    quoted?: QuotedPrices,
  ): Promise<SavedOrder> {
    const lines = body.lines.map(({ toolId, quantity }) =>
      orderLine(atQuotedPrice(taken.get(toolId)!, quoted?.get(toolId)), quantity, pricing(toolId)),
    );
    const [first] = lines as [(typeof lines)[number], ...typeof lines];
    const totalPrice = sumDollars(lines.map((line) => line.totalPrice));
    const order = await this.orders.create({
      _id,
      toolId: first.toolId,
      name: lines.length > 1 ? `${first.name} and ${lines.length - 1} more` : first.name,
      img: first.img,
      orderQuantity: lines.reduce((sum, line) => sum + line.orderQuantity, 0),
      totalPrice,
      lines,
      ...this.unpaid(customer, body, held, totalPrice),
    });
    return order.toObject();
  }

  /**
   * Who ordered, where to, and the state a new order starts in: unpaid, or awaiting approval (a
   * company buyer's over their limit); a member's order records the company.
   */
  private unpaid(
    customer: AuthUser,
    body: ShippingFields,
    { company, ...held }: Held,
    totalPrice: number,
  ) {
    const waits = company?.needsApproval(totalPrice) ?? false;
    const account = waits ? undefined : company?.account;
    // Refused inside the reservation, so its stock goes back (StockReservations.reserve).
    if (account && totalPrice > account.remainingCredit)
      throw conflict(AccountMessages.overCredit(Math.max(0, account.remainingCredit)));
    const state = waits ? 'awaiting_approval' : account ? 'on_account' : 'unpaid';
    return {
      userName: body.userName?.trim() || customer.name,
      email: customer.email,
      address: body.address.trim(),
      phone: body.phone.trim(),
      ...(body.purchaseOrder && { purchaseOrder: body.purchaseOrder }),
      ...(company && { companyId: company.companyId }),
      state: state as OrderState,
      paid: false,
      shipped: false,
      ...held,
      // On account: no reservation to pay within, a due date instead.
      ...(account && { reservedUntil: undefined, dueAt: dueDate(account.netDays) }),
      timeline: [placedEntry(new Date())],
    };
  }

  private async exists(id: string): Promise<boolean> {
    return (await this.orders.exists({ _id: id })) !== null;
  }

  /**
   * A customer's orders (a cancelled or expired one leaves the list), or those whose number holds
   * `number` (read through the owner's index: a customer's orders only); `caller` decides the
   * actions shown.
   */
  async listOwn(email: string, page: Page, caller: string, number?: string) {
    const owner = normalizeEmail(email);
    const wanted = number?.toUpperCase().replace(/\s+/g, '');
    const { orders, total } = await listOrders(
      this.orders,
      {
        email: owner,
        state: { $nin: CLOSED_UNFULFILLED_STATES },
        ...(wanted && { number: { $regex: escapeRegex(wanted) } }),
      },
      page,
    );
    return { orders: orders.map((order) => withActions(order, rolesOf(owner, caller))), total };
  }

  /** Any state: a closed order stays readable with its timeline. */
  async get(id: string, caller: string) {
    const order = await this.orders.findById(id, PUBLIC_FIELDS).lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    return withActions(order, rolesOf(order.email, caller));
  }
}
