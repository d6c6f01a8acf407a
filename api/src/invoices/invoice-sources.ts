import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/**
 * Read-only views of the two collections an invoice is made from. The orders and users modules own
 * them (and their indexes); invoices only read them by `_id` and by email, so this module uses no
 * code of theirs beyond the order ownership check.
 */
@Schema({ collection: 'orders', versionKey: false, autoIndex: false, autoCreate: false })
export class InvoicedOrderView {
  @Prop() name: string;
  @Prop() userName: string;
  @Prop() email: string;
  @Prop() address: string;
  @Prop() phone: string;
  @Prop() orderQuantity: number;
  @Prop() totalPrice: number;
  /** The product's SKU at order time (orders placed before SKUs have none). */
  @Prop() sku?: string;
  /** The human order number (orders made before numbering have none). */
  @Prop({ type: Object }) number?: number | string;
  /** The buyer's purchase order number, if they gave one. */
  @Prop() purchaseOrder?: string;
  /** A multi-line order's lines (quick order). */
  @Prop({ type: [Object], default: undefined })
  lines?: Array<{ name: string; orderQuantity: number; unitPrice: number; sku?: string }>;
  @Prop() paid: boolean;
  @Prop() transactionId?: string;
  /** An order on a company's account: invoiced before it is paid, due then. */
  @Prop() state?: string;
  @Prop() dueAt?: Date;
  @Prop() createdAt: Date;
  _id: Types.ObjectId;
}
export const InvoicedOrderViewSchema = SchemaFactory.createForClass(InvoicedOrderView);

@Schema({ collection: 'users', versionKey: false, autoIndex: false, autoCreate: false })
export class InvoiceBuyerView {
  @Prop() email: string;
  @Prop() name?: string;
  @Prop() location?: string;
  @Prop() phone?: string;
  @Prop() company?: string;
  @Prop() taxId?: string;
}
export const InvoiceBuyerViewSchema = SchemaFactory.createForClass(InvoiceBuyerView);
