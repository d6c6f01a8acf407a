import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** `superseded`: not sent, because a later email of the same order says all it said (OutboxWorker). */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'superseded';

/**
 * One email waiting in (or gone from) the outbox. `_id` is the message's key (`placed:<orderId>`,
 * `expiring:<orderId>` ...): the unique `_id` makes a second enqueue of the same email a no-op,
 * even from several API processes at once. Only the holder of the outbox's sending lease
 * (OutboxWorker) ever updates it after its insert.
 */
@Schema({
  collection: 'outbox',
  versionKey: false,
  timestamps: { createdAt: true, updatedAt: false },
})
export class OutboxMessage {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) to: string;
  @Prop({ required: true }) subject: string;
  @Prop({ required: true }) text: string;
  @Prop({ required: true }) html: string;
  @Prop({ type: String, required: true, default: 'pending' }) status: OutboxStatus;
  /** Delivery attempts made so far. */
  @Prop({ required: true, default: 0 }) attempts: number;
  /** A pending message is sent from then on (later after each failure: backoff). */
  @Prop({ required: true }) nextAttemptAt: Date;
  @Prop() lastError?: string;
  /** The key of a later message that makes this one needless: then it is not sent (superseded). */
  @Prop() supersededBy?: string;
  @Prop() sentAt?: Date;
  createdAt: Date;
}

export const OutboxMessageSchema = SchemaFactory.createForClass(OutboxMessage);
// The worker's query: pending messages that are due, oldest due first.
OutboxMessageSchema.index({ status: 1, nextAttemptAt: 1 });
