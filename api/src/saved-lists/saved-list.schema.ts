import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, type HydratedDocument } from 'mongoose';

/** A product line as it was named when kept: shown even if the product changes or goes later. */
export const NAMED_LINE_FIELDS = {
  toolId: { type: Types.ObjectId, required: true },
  name: { type: String, required: true },
  sku: { type: String },
  quantity: { type: Number, required: true },
} as const;

/** A customer's named list of products and quantities to order again (buying by the box). */
@Schema({ collection: 'saved_lists', versionKey: false, timestamps: true })
export class SavedListRecord {
  /** The owner; only they ever read or change it. */
  @Prop({ required: true }) email: string;
  @Prop({ required: true }) name: string;
  /** The name as compared: trimmed, lower case (one customer's names are unique in it). */
  @Prop({ required: true }) nameKey: string;
  /** Quantities as saved; the rules are checked when the list is ordered. */
  @Prop({ type: [{ _id: false, ...NAMED_LINE_FIELDS }], default: [] })
  lines: Array<{ toolId: Types.ObjectId; name: string; sku?: string; quantity: number }>;
  /** The other members of the owner's company see it and order from it, read only. */
  @Prop() shared?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type SavedListDocument = HydratedDocument<SavedListRecord>;
export const SavedListSchema = SchemaFactory.createForClass(SavedListRecord);
// One customer's lists, newest first.
SavedListSchema.index({ email: 1, updatedAt: -1 });
