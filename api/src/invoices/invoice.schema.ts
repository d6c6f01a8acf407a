import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, type HydratedDocument } from 'mongoose';

/** Who an invoice is made out to: copied at issue, so a later profile change never alters it. */
export class InvoiceBuyer {
  name: string;
  email: string;
  address: string;
  phone: string;
  company?: string;
  taxId?: string;
}

/** What was sold: one product, its quantity and unit price. Money in whole dollars, like orders. */
export class InvoiceLine {
  description: string;
  /** The product's SKU, printed beside the description (none on orders from before SKUs). */
  sku?: string;
  quantity: number;
  unitPrice: number;
}

/**
 * An issued invoice. `_id` IS the invoice number (1, 2, 3...): a number is taken by inserting it,
 * which the unique `_id` index decides atomically on MongoDB and FerretDB alike, and the unique
 * `orderId` index makes one order one invoice. Invoices are never deleted or changed, so no number
 * is ever reused and none is skipped.
 */
@Schema({ collection: 'invoices', versionKey: false })
export class Invoice {
  @Prop({ type: Number }) _id: number;
  @Prop({ type: Types.ObjectId, required: true, unique: true }) orderId: Types.ObjectId;
  @Prop({ required: true }) issuedAt: Date;
  @Prop({ required: true }) orderedAt: Date;
  /** The order's human number, printed instead of its id when the order has one. */
  @Prop({ type: Object }) orderNumber?: number | string;
  /** The buyer's purchase order number, copied at issue like the buyer (their payables match on it). */
  @Prop() purchaseOrder?: string;
  @Prop({ type: Object, required: true }) buyer: InvoiceBuyer;
  /** The order as one line (a multi-line order: its name, total quantity and average price). */
  @Prop({ type: Object, required: true }) line: InvoiceLine;
  /** A multi-line order's lines, printed instead of `line`. */
  @Prop({ type: [Object], default: undefined }) lines?: InvoiceLine[];
  @Prop({ required: true }) total: number;
  @Prop({ required: true }) transactionId: string;
  /** Issued on a company's account (net terms): when payment is due. */
  @Prop() dueAt?: Date;
}

export type InvoiceDocument = HydratedDocument<Invoice>;
export const InvoiceSchema = SchemaFactory.createForClass(Invoice);

/**
 * A credit note: undoes the units of an invoice one refund gave back (all of them for a refund of
 * the whole order). Numbered apart from invoices the same way (`_id` taken by insert, gapless); one
 * per refund (the unique `refundId`), several per order; never changed.
 */
@Schema({ collection: 'credit_notes', versionKey: false })
export class CreditNote extends Invoice {
  // Not unique here, unlike an invoice's: an order refunded in parts has a note per refund.
  @Prop({ type: Types.ObjectId, required: true }) declare orderId: Types.ObjectId;
  @Prop({ required: true }) invoiceNumber: number;
  @Prop({ required: true, unique: true }) refundId: string;
}

export const CreditNoteSchema = SchemaFactory.createForClass(CreditNote);
// An order's notes, newest first (named apart from the unique orderId_1 of before, see migration 004).
CreditNoteSchema.index({ orderId: 1, _id: -1 });
