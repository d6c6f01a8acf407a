import { Inject, Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { RuleMessages } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import { conflict } from '../common/domain-error';
import { API_CONFIG, type ApiConfig } from '../config/config';

/** One of a customer's MAX_UNPAID_ORDERS places for an open unpaid order: `<email>#<n>`. */
@Schema({ collection: 'unpaid_order_slots', versionKey: false })
export class UnpaidOrderSlot {
  @Prop({ type: String, required: true }) _id: string;
  /** When the order holding it expires; a slot past it is freed even if its order never was saved. */
  @Prop({ required: true }) expiresAt: Date;
}
export const UnpaidOrderSlotSchema = SchemaFactory.createForClass(UnpaidOrderSlot);

/**
 * Caps a customer's open unpaid orders. Claiming a slot is an insert with a chosen `_id`, which the
 * database makes exclusive even across API processes (a count-then-insert would let concurrent
 * orders all pass the count).
 */
@Injectable()
export class UnpaidOrderSlots {
  constructor(
    @InjectModel(UnpaidOrderSlot.name) private readonly slots: Model<UnpaidOrderSlot>,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** A free slot's key, or 409 with the message the order form shows. */
  async claim(email: string, expiresAt: Date): Promise<string> {
    for (let n = 0; n < this.config.maxUnpaidOrders; n++) {
      const key = `${email}#${n}`;
      try {
        await this.slots.create({ _id: key, expiresAt });
        return key;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    }
    throw conflict(RuleMessages.tooManyUnpaidOrders);
  }

  async release(key: string | undefined): Promise<void> {
    if (key) await this.slots.deleteOne({ _id: key });
  }

  /** Frees slots whose orders have expired (or were never saved after a crash). */
  async releaseLapsed(now: Date): Promise<void> {
    await this.slots.deleteMany({ expiresAt: { $lt: now } });
  }
}
