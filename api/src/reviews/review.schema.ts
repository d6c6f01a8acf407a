import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, type HydratedDocument } from 'mongoose';

@Schema({
  collection: 'reviews',
  versionKey: false,
  timestamps: { createdAt: true, updatedAt: false },
})
export class Review {
  @Prop({ required: true }) email: string;
  @Prop({ required: true }) customerName: string;
  @Prop({ required: true }) opinion: string;
  @Prop({ required: true, min: 1, max: 5 }) rating: number;
  /** The product reviewed, if the author named one. */
  @Prop({ type: Types.ObjectId }) toolId?: Types.ObjectId;
  /** Hidden by an admin: out of the public list; its author (and admins) still see it. */
  @Prop({ default: false }) hidden: boolean;
  createdAt: Date;
}

export type ReviewDocument = HydratedDocument<Review>;
export const ReviewSchema = SchemaFactory.createForClass(Review);
// Each customer's own reviews, newest first (the _id order; the public list is the primary key's).
ReviewSchema.index({ email: 1, _id: -1 });
// One product's reviews, newest first (GET /reviews?toolId=, the tool page).
ReviewSchema.index({ toolId: 1, _id: -1 });
// The public list's total: all reviews less the hidden ones.
ReviewSchema.index({ hidden: 1 });
