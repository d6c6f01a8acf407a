import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';

/**
 * A read-only view of the orders collection: the two fields "Verified buyer" needs. The orders
 * module owns the collection and its indexes ({ email: 1, _id: -1 } serves this query);
 * reviews only ever read it, so neither module depends on the other's code.
 */
@Schema({ collection: 'orders', versionKey: false, autoIndex: false, autoCreate: false })
export class PaidOrderView {
  @Prop() email: string;
  @Prop() paid: boolean;
  @Prop({ type: Types.ObjectId }) toolId: Types.ObjectId;
}
export const PaidOrderViewSchema = SchemaFactory.createForClass(PaidOrderView);

@Injectable()
export class PaidBuyers {
  constructor(@InjectModel(PaidOrderView.name) private readonly orders: Model<PaidOrderView>) {}

  /**
   * Of these emails, the ones with at least one paid order (of this product, if given: a
   * single-product order of it or a quick order with a line of it): one query per product.
   */
  async among(emails: Iterable<string>, toolId?: string): Promise<Set<string>> {
    const unique = [...new Set(emails)];
    if (unique.length === 0) return new Set();
    const ofTool = toolId
      ? {
          $or: [
            { toolId: new Types.ObjectId(toolId) },
            { 'lines.toolId': new Types.ObjectId(toolId) },
          ],
        }
      : {};
    const paid = await this.orders.distinct('email', {
      email: { $in: unique },
      paid: true,
      ...ofTool,
    });
    return new Set(paid.map(String));
  }
}

/**
 * Adds verifiedBuyer to each review (the email stays only where the caller may see it): a review
 * of a product needs a paid order of that product, one without a product any paid order.
 */
export async function withVerifiedBuyers<
  T extends { email: string; toolId?: { toString(): string } },
>(buyers: PaidBuyers, reviews: T[]): Promise<(T & { verifiedBuyer: boolean })[]> {
  const byTool = new Map<string, string[]>();
  for (const review of reviews) {
    const key = review.toolId?.toString() ?? '';
    byTool.set(key, [...(byTool.get(key) ?? []), review.email]);
  }
  const verified = new Map<string, Set<string>>();
  await Promise.all(
    [...byTool].map(async ([toolId, emails]) =>
      verified.set(toolId, await buyers.among(emails, toolId || undefined)),
    ),
  );
  return reviews.map((review) => ({
    ...review,
    verifiedBuyer: verified.get(review.toolId?.toString() ?? '')?.has(review.email) === true,
  }));
}
