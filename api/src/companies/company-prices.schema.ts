import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A company's price list, one document under the company's id: pricing an order reads it by
 * `_id` and projects only the ordered tools' entries out of `prices`, so the read stays one
 * indexed lookup however long the list is.
 */
// `_id` is the company's id.
@Schema({ collection: 'company_prices', versionKey: false })
export class CompanyPriceListRecord {
  /** Off every tool without a fixed price; absent: none. */
  @Prop() discountPercent?: number;
  /** Fixed unit prices (dollars, cents allowed) by product id (lower-case hex). */
  @Prop({ type: Object, default: {} }) prices: Record<string, number>;
  /** How many fixed prices: the admin list shows it without reading `prices`. */
  @Prop({ required: true, default: 0 }) fixedPrices: number;
  @Prop({ required: true }) updatedAt: Date;
  @Prop() updatedBy?: string;
}
export const CompanyPriceListSchema = SchemaFactory.createForClass(CompanyPriceListRecord);
