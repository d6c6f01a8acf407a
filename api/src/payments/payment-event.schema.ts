import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A provider event already handled; its id as _id makes a second delivery a duplicate-key no-op. */
@Schema({
  collection: 'paymentEvents',
  versionKey: false,
  timestamps: { createdAt: true, updatedAt: false },
})
export class PaymentEvent {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) type: string;
}

export const PaymentEventSchema = SchemaFactory.createForClass(PaymentEvent);
