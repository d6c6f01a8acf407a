import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { OrderActor, OrderEvent, ShippingDetails } from '@toolshop/contracts';

/**
 * One entry of an order's history. Entries are only ever appended, by the same write that changes
 * the order's state (`$push` next to the `$set` inside OrderChanges.transition), so the history can
 * never disagree with the state.
 */
@Schema({ _id: false, versionKey: false })
export class OrderTimelineEntry {
  @Prop({ required: true, type: String }) event: OrderEvent;
  @Prop({ required: true }) at: Date;
  @Prop({ required: true, type: String }) by: OrderActor;
  @Prop() actor?: string;
  @Prop() carrier?: string;
  @Prop() trackingNumber?: string;
  @Prop() transactionId?: string;
}

export const OrderTimelineEntrySchema = SchemaFactory.createForClass(OrderTimelineEntry);

/** The first entry: the customer placed the order. */
export function placedEntry(at: Date): OrderTimelineEntry {
  return { event: 'placed', at, by: 'customer' };
}

/** The update part that records a payment (the customer paid; the provider's id is the transaction). */
export function recordPaid(transactionId: string, at = new Date()) {
  return { $push: { timeline: { event: 'paid', at, by: 'customer', transactionId } } };
}

/** The update part that records the admin's approval for shipping, with what they entered. */
export function recordShipped(admin: string, shipping: ShippingDetails, at = new Date()) {
  return { $push: { timeline: { event: 'shipped', at, by: 'admin', actor: admin, ...shipping } } };
}
