import { Inject, Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { OPEN_UNPAID_STATES, RuleMessages } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import { conflict } from '../common/domain-error';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { Order } from './order.schema';

/** One of a customer's MAX_UNPAID_ORDERS places for an open unpaid order: `<email>#<n>`. */
@Schema({ collection: 'unpaid_order_slots', versionKey: false })
export class UnpaidOrderSlot {
  @Prop({ type: String, required: true }) _id: string;
  /** The order holding it (absent on slots claimed before this field existed). */
  @Prop({ type: String }) orderId?: string;
  /** When the order holding it expires; after it the sweep frees the slot unless its order is still unpaid. */
  @Prop({ required: true }) expiresAt: Date;
}
export const UnpaidOrderSlotSchema = SchemaFactory.createForClass(UnpaidOrderSlot);
// The sweep reads the lapsed slots.
UnpaidOrderSlotSchema.index({ expiresAt: 1 });

/** Lapsed slots looked at per sweep. */
const SWEEP_BATCH = 100;
/**
 * What a sweep leaves alone for a while: an order being placed right now (a slot claimed, its order
 * not yet saved; a hold not yet settled). Far longer than any request may run (REQUEST_TIMEOUT_MS,
 * 30 s by default).
 */
export const IN_FLIGHT_GRACE_MS = 120_000;

/**
 * Caps a customer's open unpaid orders, exactly, with any number of API processes:
 * - claiming a slot is an insert with a chosen `_id`, which the database makes exclusive (a
 *   count-then-insert would let concurrent orders all pass the count);
 * - a slot is freed only by its own order: one delete matching `{ _id, orderId }`, which the
 *   database applies atomically, so it never removes a newer claim of the same slot;
 * - the sweep frees a lapsed slot only when its order is not an open unpaid order (an order whose
 *   expiry was refused, e.g. a payment still processing, keeps its place).
 */
@Injectable()
export class UnpaidOrderSlots {
  constructor(
    @InjectModel(UnpaidOrderSlot.name) private readonly slots: Model<UnpaidOrderSlot>,
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** A free slot's key for the order `orderId`, or 409 with the message the order form shows. */
  async claim(email: string, expiresAt: Date, orderId: string): Promise<string> {
    for (let n = 0; n < this.config.maxUnpaidOrders; n++) {
      const key = `${email}#${n}`;
      try {
        await this.slots.create({ _id: key, orderId, expiresAt });
        return key;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    }
    throw conflict(RuleMessages.tooManyUnpaidOrders);
  }

  /** Frees the slot `key` if the order `orderId` still holds it. */
  async release(key: string | undefined, orderId: string): Promise<void> {
    if (key) await this.remove(key, orderId);
  }

  /**
   * Frees every slot the order `orderId` holds: its key's earlier run claimed one and died before
   * saving it (OrdersService.earlierRun), so no order will free it.
   */
  async releaseOrder(orderId: string): Promise<void> {
    const held = await this.slots.find({ orderId }, { _id: 1 }).lean();
    for (const slot of held) await this.remove(slot._id, orderId);
  }

  /**
   * Frees slots lapsed at `now` (by IN_FLIGHT_GRACE_MS: a TTL of seconds must not free the slot of
   * an order still being saved) whose order is no longer open and unpaid (paid, cancelled, or never
   * saved after a crash), each only if it still belongs to that order.
   */
  async releaseLapsed(now: Date): Promise<void> {
    const before = new Date(now.getTime() - IN_FLIGHT_GRACE_MS);
    const lapsed = await this.slots
      .find({ expiresAt: { $lt: before } }, { orderId: 1 })
      .limit(SWEEP_BATCH)
      .lean();
    for (const slot of lapsed) {
      const open = { _id: slot.orderId, state: { $in: [...OPEN_UNPAID_STATES] } };
      if (slot.orderId && (await this.orders.exists(open))) continue;
      await this.remove(slot._id, slot.orderId);
    }
  }

  private async remove(key: string, orderId: string | undefined): Promise<void> {
    await this.slots.deleteOne({ _id: key, orderId: orderId ?? { $exists: false } });
  }
}
