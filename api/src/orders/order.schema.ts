import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  ORDER_STATES,
  type OrderLine,
  type OrderState,
  type RefundLine,
} from '@toolshop/contracts';
import { Types, type HydratedDocument } from 'mongoose';
import { OrderTimelineEntry, OrderTimelineEntrySchema } from './order-timeline';

/**
 * An order, never deleted: its `state` moves only along the declared lifecycle (order-lifecycle.ts
 * in contracts), each change one conditional update (OrderChanges.take). `paid` and `shipped`
 * are kept beside it for the spec's clients.
 */
@Schema({
  collection: 'orders',
  versionKey: false,
  timestamps: { createdAt: true, updatedAt: false },
})
export class Order {
  @Prop({ type: Types.ObjectId, required: true }) toolId: Types.ObjectId;
  /** Product name, copied from the tool. */
  @Prop({ required: true }) name: string;
  /** The short human number (`TS-100234`, OrderNumbers), saved with the order; unique. */
  @Prop() number?: string;
  @Prop({ default: '' }) userName: string;
  /** The buyer's own purchase order number, as they gave it (trimmed); none when not given. */
  @Prop() purchaseOrder?: string;
  @Prop({ required: true }) img: string;
  @Prop({ required: true }) email: string;
  @Prop({ required: true }) address: string;
  @Prop({ required: true }) phone: string;
  @Prop({ required: true, min: 1 }) orderQuantity: number;
  /** Whole dollars, computed by the server. */
  @Prop({ required: true, min: 0 }) totalPrice: number;
  /** The product's SKU when ordered; single-tool orders only (a multi-line order's are on its lines). */
  @Prop() sku?: string;
  /** Whole dollars a unit, from the tool's tiers when ordered; single-tool orders only. */
  @Prop({ min: 0 }) unitPrice?: number;
  /** A multi-line order's lines (toolId, name, img: the first line's; quantity and total: sums). */
  @Prop({
    type: [
      {
        _id: false,
        toolId: { type: Types.ObjectId, required: true },
        name: { type: String, required: true },
        sku: { type: String },
        img: { type: String, required: true },
        orderQuantity: { type: Number, required: true },
        unitPrice: { type: Number, required: true },
        totalPrice: { type: Number, required: true },
      },
    ],
    default: undefined,
  })
  lines?: Array<Omit<OrderLine, 'toolId'> & { toolId: Types.ObjectId }>;
  @Prop({ type: String, enum: ORDER_STATES, required: true, default: 'unpaid' }) state: OrderState;
  /** Set by the change that put the order's units back in stock (cancel, expiry). */
  @Prop() stockReleased?: boolean;
  /** Its refunds, oldest first, of some or all units; each `pending` until the provider answered. */
  @Prop({
    type: [
      {
        _id: false,
        id: String,
        amount: Number,
        lines: [{ _id: false, toolId: String, quantity: Number }],
        reason: String,
        status: String,
        at: Date,
        by: String,
        from: String,
        creditNoteNumber: Number,
        stockReleased: Boolean,
      },
    ],
    default: undefined,
  })
  refunds?: OrderRefund[];
  @Prop({ required: true, default: false }) paid: boolean;
  @Prop({ required: true, default: false }) shipped: boolean;
  @Prop() transactionId?: string;
  /** The invoice issued when it was paid (orders paid before that get theirs at the first download). */
  @Prop() invoiceNumber?: number;
  /** Set by the payments module only; never from a request body. */
  @Prop() paymentIntentId?: string;
  /** An unpaid order holds its stock until then, and is then cancelled (OrderExpiry). */
  @Prop() reservedUntil?: Date;
  /** The UnpaidOrderSlots key it holds while unpaid; server-side only. */
  @Prop() unpaidSlot?: string;
  /** When it was approved for shipping and marked delivered: a return is asked for within RETURN_WINDOW_DAYS of the later. */
  @Prop() shippedAt?: Date;
  @Prop() deliveredAt?: Date;
  /** The customer's latest request to send units back, with their reason (earlier ones: the timeline). */
  @Prop({
    type: {
      _id: false,
      reason: String,
      requestedAt: Date,
      // A return of the whole order has none (an empty list would read as "nothing").
      lines: { type: [{ _id: false, toolId: String, quantity: Number }], default: undefined },
    },
    default: undefined,
  })
  return?: { reason: string; requestedAt: Date; lines?: RefundLine[] };
  /** Set on approval for shipping, if the admin entered them. */
  @Prop() carrier?: string;
  @Prop() trackingNumber?: string;
  /** The company a member placed it for (the buyer is `email`); counts against their monthly limit. */
  @Prop({ type: Types.ObjectId }) companyId?: Types.ObjectId;
  /** An order on account: when the company's invoice is due (placed + the company's net days). */
  @Prop() dueAt?: Date;
  /** Why the company's owner or approver declined it. */
  @Prop() declineReason?: string;
  /** Append-only history (order-timeline.ts). */
  @Prop({ type: [OrderTimelineEntrySchema], default: undefined }) timeline?: OrderTimelineEntry[];
  createdAt: Date;
}

/** What the audit log calls an order besides its id: quantity, product and customer. */
export const orderLabel = (order: Pick<Order, 'orderQuantity' | 'name' | 'email'>) =>
  `${order.orderQuantity} × ${order.name} for ${order.email}`;

/**
 * A refund of some or all of an order's units. `from`: the state it was taken from;
 * `stockReleased`: set by the write that put its units back in stock.
 */
export interface OrderRefund {
  id?: string;
  amount: number;
  lines: RefundLine[];
  reason?: string;
  status: 'pending' | 'succeeded';
  at: Date;
  by: string;
  from: OrderState;
  creditNoteNumber?: number;
  stockReleased?: boolean;
}

export type OrderDocument = HydratedDocument<Order>;
export const OrderSchema = SchemaFactory.createForClass(Order);
// Own orders and all orders by state (admin), newest first: the _id order (order-changes.ts).
OrderSchema.index({ email: 1, _id: -1 });
OrderSchema.index({ state: 1, _id: -1 });
// The daily stats read a range of days.
OrderSchema.index({ createdAt: -1 });
// One order per number, and the admins' search by number. Orders from before numbers have none
// until the first data migration gives them theirs: only orders with a number are indexed.
OrderSchema.index(
  { number: 1 },
  { unique: true, partialFilterExpression: { number: { $exists: true } } },
);
// The admins' search by a buyer's PO number (exact), newest first.
OrderSchema.index({ purchaseOrder: 1, _id: -1 });
// A company buyer's spending this month (one aggregation), and the company's orders awaiting approval.
OrderSchema.index({ companyId: 1, email: 1, createdAt: 1 });
OrderSchema.index({ companyId: 1, state: 1, _id: -1 });
// The overdue reminders: orders on account past their due date.
OrderSchema.index({ state: 1, dueAt: 1 });
// The expiry sweep: unpaid orders past their reservation.
OrderSchema.index({ state: 1, reservedUntil: 1 });
