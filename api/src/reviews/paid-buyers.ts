import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

/**
 * A read-only view of the orders collection: the two fields "Verified buyer" needs. The orders
 * module owns the collection and its indexes ({ email: 1, _id: -1 } serves this query);
 * reviews only ever read it, so neither module depends on the other's code.
 */
@Schema({ collection: 'orders', versionKey: false, autoIndex: false, autoCreate: false })
export class PaidOrderView {
  @Prop() email: string;
  @Prop() paid: boolean;
}
export const PaidOrderViewSchema = SchemaFactory.createForClass(PaidOrderView);

@Injectable()
export class PaidBuyers {
  constructor(@InjectModel(PaidOrderView.name) private readonly orders: Model<PaidOrderView>) {}

  /** Of these emails, the ones with at least one paid order: one query per list. */
  async among(emails: Iterable<string>): Promise<Set<string>> {
    const unique = [...new Set(emails)];
    if (unique.length === 0) return new Set();
    const paid = await this.orders.distinct('email', { email: { $in: unique }, paid: true });
    return new Set(paid.map(String));
  }
}

/** Adds verifiedBuyer to each review (the email stays only where the caller may see it). */
export async function withVerifiedBuyers<T extends { email: string }>(
  buyers: PaidBuyers,
  reviews: T[],
): Promise<(T & { verifiedBuyer: boolean })[]> {
  const verified = await buyers.among(reviews.map((review) => review.email));
  return reviews.map((review) => ({ ...review, verifiedBuyer: verified.has(review.email) }));
}
