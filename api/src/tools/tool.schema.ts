import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PriceTier, ToolCategory } from '@toolshop/contracts';
import type { HydratedDocument } from 'mongoose';

/**
 * A stock change in flight for one order (placing it, or cancelling it), written in the same write
 * as the change itself and removed once the order is saved or deleted: a hold still there after
 * IN_FLIGHT_GRACE_MS marks a process that died in between (see StockReservations.settleHolds).
 */
export interface StockHold {
  quantity: number;
  /** When it was last written: a write that ends it matches this, so it is ended once. */
  at: Date;
  /** true: the order is being cancelled (its stock comes back once the order is gone). */
  returning?: boolean;
  /** The cancels of the order in flight (a token each), while returning. */
  by?: string[];
}

/** A product. Money is whole dollars; available is the stock that orders decrement. */
@Schema({ collection: 'tools', versionKey: false })
export class Tool {
  @Prop({ required: true }) name: string;
  @Prop({ required: true }) img: string;
  @Prop({ required: true }) shortDescription: string;
  @Prop({ required: true, min: 0 }) minOrder: number;
  @Prop({ required: true, min: 0 }) available: number;
  @Prop({ required: true, min: 0 }) price: number;
  /** One of TOOL_CATEGORIES; absent on products saved before categories ("Other"). */
  @Prop({ type: String }) category?: ToolCategory;
  /** Upper-case, unique (the sparse unique index below); products saved before SKUs got one from data migration 002-product-skus. */
  @Prop({ type: String }) sku?: string;
  /** The name as the typeahead matches it (nameKeyOf): set on every save and name edit, and by migration 002. */
  @Prop({ type: String, select: false }) nameKey?: string;
  /** Stock below this is low; absent: 2 x minOrder. */
  @Prop({ min: 0 }) lowStockThreshold?: number;
  /** Sold in multiples of this; absent: 1 (buying.ts). */
  @Prop({ min: 1 }) packSize?: number;
  /** Price breaks after `price`, ascending; absent: one price. */
  @Prop({ type: [{ _id: false, minQuantity: Number, price: Number }], default: undefined })
  priceTiers?: PriceTier[];
  /** By order id. Server-side only: never read unless asked for (`select: false`), no default. */
  @Prop({ type: Object, select: false }) holds?: Record<string, StockHold>;
}

export type ToolDocument = HydratedDocument<Tool>;
export const ToolSchema = SchemaFactory.createForClass(Tool);

/** Lower case, runs of spaces as one, no spaces at the ends: what a name prefix is compared with. */
export const nameKeyOf = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

ToolSchema.pre('save', function setNameKey() {
  if (typeof this.name === 'string') this.nameKey = nameKeyOf(this.name);
});
// The catalog's filters and sorts (GET /tools); newest first is the _id index. MongoDB uses them;
// FerretDB v1.24 (SQLite) creates them but, as its explain() shows, pushes neither these filters,
// the escaped $regex nor the sorts down (pushdown/sortPushdown false, a SCAN of the table): fine for
// a catalog of hundreds of products, and the cache keyed by view takes the repeated reads.
ToolSchema.index({ category: 1, _id: -1 });
ToolSchema.index({ price: 1, _id: -1 });
ToolSchema.index({ name: 1, _id: -1 });
ToolSchema.index({ available: 1 });
// One product per SKU, enforced by the database (a concurrent second create or edit gets E11000,
// answered 409). Sparse: products saved before SKUs have none until data migration 002 gives
// them one. Checked on the embedded engine (FerretDB v2 over DocumentDB) by api/test/tool-sku.spec.ts;
// it also serves the typeahead's SKU prefix range.
ToolSchema.index({ sku: 1 }, { unique: true, sparse: true });
// The typeahead's name prefix (GET /tools/lookup): a range on the lower-case name.
ToolSchema.index({ nameKey: 1 });
