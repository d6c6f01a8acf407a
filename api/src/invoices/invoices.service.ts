import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiMessages, InvoiceMessages } from '@toolshop/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { Types, type Model } from 'mongoose';
import { conflict, DomainError, notFound } from '../common/domain-error';
import { KeyedMutex } from '../common/keyed-mutex';
import { InvoiceBuyerView, InvoicedOrderView } from './invoice-sources';
import { CreditNote, Invoice, type InvoiceBuyer } from './invoice.schema';
import { OrderInvoicing, type CreditedRefund } from '../orders/order-invoicing';

/** The transaction of an invoice issued on a company's account. */
const ON_ACCOUNT = 'on account';

/** Tries at taking the next number before giving up (each lost try means another invoice was issued). */
const MAX_ATTEMPTS = 200;

const logger = new Logger('InvoicesService');

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/**
 * Issues an order's invoice when it is paid (before the write that marks it paid, which records the
 * number: a process dying between the two leaves the invoice for the retry of that payment), and
 * gives the same one afterwards. Orders paid before invoices were issued at payment get theirs at
 * the first download.
 *
 * The number: the highest issued number + 1, taken by inserting `{ _id: number, orderId }`. Two API
 * processes that read the same highest number both try to insert it; the unique `_id` index lets
 * exactly one succeed (atomic on FerretDB too, see api/README.md), the other reads again and takes
 * the next. An order asked for twice at once: the unique `orderId` index refuses the second invoice,
 * and the loser returns the winner's. Numbers are only ever taken by a successful insert and
 * invoices are never deleted, so the numbers have no gaps and are never reused. Within one process
 * the issues queue one behind the other (no contention with oneself).
 */
@Injectable()
export class InvoicesService implements OnModuleInit, OrderInvoicing {
  private readonly queue = new KeyedMutex();

  constructor(
    @InjectModel(Invoice.name) private readonly invoices: Model<Invoice>,
    @InjectModel(CreditNote.name) private readonly creditNotes: Model<CreditNote>,
    @InjectModel(InvoicedOrderView.name) private readonly orders: Model<InvoicedOrderView>,
    @InjectModel(InvoiceBuyerView.name) private readonly users: Model<InvoiceBuyerView>,
  ) {}

  /** The unique orderId index must exist before the first issue: it is what makes one order one invoice. */
  async onModuleInit(): Promise<void> {
    await this.invoices.init();
    await this.creditNotes.init();
  }

  /** The invoice of a paid order (issued now if it has none yet). */
  async invoiceOf(orderId: string): Promise<Invoice> {
    const id = new Types.ObjectId(orderId);
    const existing = await this.invoices.findOne({ orderId: id }).lean<Invoice>();
    if (existing) return existing;
    const order = await this.orders.findById(id).lean<InvoicedOrderView>();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    // An order on account is invoiced before it is paid: the invoice says when it is due.
    if (!order.paid && order.state !== 'on_account') throw conflict(InvoiceMessages.onlyPaidOrders);
    const buyer = await this.buyerOf(order);
    return this.queue.run('invoice-number', () => this.issue(order, buyer));
  }

  /** The invoice of an order whose payment succeeded: issued now, with the buyer as they are now. */
  async issueAtPayment(orderId: string, transactionId: string): Promise<number> {
    const id = new Types.ObjectId(orderId);
    const existing = await this.invoices.findOne({ orderId: id }, { _id: 1 }).lean<Invoice>();
    if (existing) return existing._id;
    const order = await this.orders.findById(id).lean<InvoicedOrderView>();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    const buyer = await this.buyerOf(order);
    const invoice = await this.queue.run('invoice-number', () =>
      this.issue({ ...order, transactionId }, buyer),
    );
    return invoice._id;
  }

  private async buyerOf(order: InvoicedOrderView): Promise<InvoiceBuyer> {
    const profile = await this.users
      .findOne({ email: order.email }, { name: 1, location: 1, phone: 1, company: 1, taxId: 1 })
      .lean<InvoiceBuyerView>();
    return {
      name: order.userName || profile?.name || '',
      email: order.email,
      address: order.address || profile?.location || '',
      phone: order.phone || profile?.phone || '',
      ...(profile?.company ? { company: profile.company } : {}),
      ...(profile?.taxId ? { taxId: profile.taxId } : {}),
    };
  }

  /** The credit note of one refund of an order: the units it gave back, issued once per refund. */
  async issueCreditNote(orderId: string, refund: CreditedRefund): Promise<number> {
    const invoice = await this.invoiceOf(orderId);
    const [first, ...more] = refund.lines;
    const note = await this.queue.run('credit-note-number', () =>
      numberedInsert(this.creditNotes, { refundId: refund.id }, (number) => ({
        ...invoice,
        _id: number,
        invoiceNumber: invoice._id,
        issuedAt: new Date(),
        refundId: refund.id,
        // A refund of one line prints it alone; of several, each.
        line: first ?? invoice.line,
        lines: more.length ? refund.lines : undefined,
        total: refund.amount,
      })),
    );
    return note._id;
  }

  /**
   * GET /orders/:id/credit-note.pdf: the order's credit note numbered `number`, or its latest;
   * 409 for an order that was not refunded.
   */
  async creditNoteOf(orderId: string, number?: number): Promise<CreditNote> {
    const note = await this.creditNotes
      .findOne({
        orderId: new Types.ObjectId(orderId),
        ...(number !== undefined && { _id: number }),
      })
      .sort({ _id: -1 })
      .lean<CreditNote>();
    if (note) return note;
    if (!(await this.orders.exists({ _id: orderId }))) throw notFound(ApiMessages.orderNotFound);
    throw number === undefined
      ? conflict(InvoiceMessages.noCreditNote)
      : notFound(InvoiceMessages.noSuchCreditNote);
  }

  private issue(order: InvoicedOrderView, buyer: InvoiceBuyer): Promise<Invoice> {
    return numberedInsert(this.invoices, { orderId: order._id }, (number) => ({
      _id: number,
      orderId: order._id,
      issuedAt: new Date(),
      orderedAt: order.createdAt,
      ...(order.number !== undefined && order.number !== null && { orderNumber: order.number }),
      ...(order.purchaseOrder && { purchaseOrder: order.purchaseOrder }),
      buyer,
      line: {
        description: order.name,
        ...(order.sku && { sku: order.sku }),
        quantity: order.orderQuantity,
        unitPrice: order.totalPrice / order.orderQuantity,
      },
      ...(order.lines?.length && {
        lines: order.lines.map((line) => ({
          description: line.name,
          ...(line.sku && { sku: line.sku }),
          quantity: line.orderQuantity,
          unitPrice: line.unitPrice,
        })),
      }),
      total: order.totalPrice,
      // On account there is no card transaction: the invoice names the account instead.
      transactionId: order.transactionId ?? (order.state === 'on_account' ? ON_ACCOUNT : ''),
      ...(order.state === 'on_account' && order.dueAt && { dueAt: order.dueAt }),
    }));
  }
}

/**
 * Inserts the document `build` makes with the next number as `_id` (one per `key`: a unique
 * index, an invoice's order or a credit note's refund), retrying with the next when another
 * process took the number; answers the key's document, this one or the one another process issued
 * meanwhile.
 */
async function numberedInsert<T extends { _id: number }>(
  documents: Model<T>,
  key: Record<string, unknown>,
  build: (number: number) => T,
): Promise<T> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const existing = await documents.findOne(key).lean<T>();
    if (existing) return existing;
    const last = await documents.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean<{ _id: number }>();
    const document = build((last?._id ?? 0) + 1);
    try {
      await documents.create(document);
      return document;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Another process took this number (or issued this key's document): read again.
      await sleep(Math.floor(Math.random() * Math.min(50, attempt * 5)));
    }
  }
  logger.warn(
    `no ${documents.collection.name} number for ${JSON.stringify(key)} after ${MAX_ATTEMPTS} tries`,
  );
  throw new DomainError('unavailable', ApiMessages.serviceUnavailable);
}
