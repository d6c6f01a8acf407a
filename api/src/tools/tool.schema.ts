import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PriceTier, ToolCategory } from '@toolshop/contracts';
import type { HydratedDocument } from 'mongoose';

/**
 * A stock change in flight for one order (placing it, or cancelling it), written in the same write
 * as the change itself and removed once the order is saved or deleted: a hold still there after
 * IN_FLIGHT_GRACE_MS marks a process that died in between (see ToolsService.settleHolds).
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
// The catalog's filters and sorts (GET /tools); newest first is the _id index. MongoDB uses them;
// FerretDB v1.24 (SQLite) creates them but, as its explain() shows, pushes neither these filters,
// the escaped $regex nor the sorts down (pushdown/sortPushdown false, a SCAN of the table): fine for
// a catalog of hundreds of products, and the cache keyed by view takes the repeated reads.
ToolSchema.index({ category: 1, _id: -1 });
ToolSchema.index({ price: 1, _id: -1 });
ToolSchema.index({ name: 1, _id: -1 });
ToolSchema.index({ available: 1 });
