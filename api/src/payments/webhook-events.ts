import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { PaymentEvent } from './payment-event.schema';

/** Remembers handled webhook events so each is applied once (Stripe delivers at least once). */
export abstract class WebhookEvents {
  /** True the first time an event id is claimed, false for a repeat delivery. */
  abstract claim(eventId: string, type: string): Promise<boolean>;
  /** Forgets a claimed event whose handling failed, so Stripe's retry is handled again. */
  abstract release(eventId: string): Promise<void>;
}

@Injectable()
export class MongoWebhookEvents extends WebhookEvents {
  constructor(@InjectModel(PaymentEvent.name) private readonly events: Model<PaymentEvent>) {
    super();
  }

  async claim(eventId: string, type: string): Promise<boolean> {
    try {
      await this.events.create({ _id: eventId, type });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
  }

  async release(eventId: string): Promise<void> {
    await this.events.deleteOne({ _id: eventId });
  }
}
