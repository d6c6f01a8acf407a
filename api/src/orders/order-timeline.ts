import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { OrderActor, OrderEvent, RefundLine } from '@toolshop/contracts';

/**
 * One entry of an order's history. Entries are only ever appended, by the same write that changes
 * the order's state (`$push` next to the `$set` inside OrderChanges.take), so the history can
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
  /** A refund's whole dollars and the admin's reason. */
  @Prop() amount?: number;
  @Prop() reason?: string;
  /** A refund or return of some units: which. */
  @Prop({ type: [{ _id: false, toolId: String, quantity: Number }], default: undefined })
  lines?: RefundLine[];
}

export const OrderTimelineEntrySchema = SchemaFactory.createForClass(OrderTimelineEntry);

/** The first entry: the customer placed the order. */
export function placedEntry(at: Date): OrderTimelineEntry {
  return { event: 'placed', at, by: 'customer' };
}
