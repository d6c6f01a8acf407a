import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { QUOTE_STATES, type QuoteState } from '@toolshop/contracts';
import { Types, type HydratedDocument } from 'mongoose';
import { NAMED_LINE_FIELDS } from '../saved-lists/saved-list.schema';

/** A request for prices on a list of products, the shop's answer, and the talk in between. */
@Schema({ collection: 'quotes', versionKey: false, timestamps: true })
export class QuoteRecord {
  /** Who asked. */
  @Prop({ required: true }) email: string;
  /** The asker's company when they asked: every member of it reads and accepts the quote. */
  @Prop({ type: Types.ObjectId }) companyId?: Types.ObjectId;
  @Prop({ type: String, required: true, enum: QUOTE_STATES }) state: QuoteState;
  @Prop({ type: [{ _id: false, ...NAMED_LINE_FIELDS, unitPrice: { type: Number } }], default: [] })
  lines: Array<{
    toolId: Types.ObjectId;
    name: string;
    sku?: string;
    quantity: number;
    unitPrice?: number;
  }>;
  @Prop() note?: string;
  @Prop({
    type: [
      {
        _id: false,
        from: { type: String, required: true },
        author: { type: String, required: true },
        text: { type: String, required: true },
        at: { type: Date, required: true },
      },
    ],
    default: [],
  })
  messages: Array<{ from: 'customer' | 'shop'; author: string; text: string; at: Date }>;
  /** The answered prices hold until then. */
  @Prop() validUntil?: Date;
  @Prop() answeredBy?: string;
  /** Who accepted it, and the order that made (set once the order is placed). */
  @Prop() acceptedBy?: string;
  @Prop({ type: Types.ObjectId }) orderId?: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
}

export type QuoteDocument = HydratedDocument<QuoteRecord>;
export const QuoteSchema = SchemaFactory.createForClass(QuoteRecord);
// A customer's own quotes, a company's, and the admins' list by state; newest first.
QuoteSchema.index({ email: 1, createdAt: -1 });
QuoteSchema.index({ companyId: 1, createdAt: -1 });
QuoteSchema.index({ state: 1, createdAt: -1 });
