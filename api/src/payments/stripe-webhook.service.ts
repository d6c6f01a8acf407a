import { Injectable, Logger } from '@nestjs/common';
import { PaymentMessages } from '@toolshop/contracts';
import { invalid, notFound } from '../common/domain-error';
import type Stripe from 'stripe';
import { PaymentProvider } from './payment-provider';
import { PaymentsService } from './payments.service';
import { StripePaymentProvider } from './stripe-payment-provider';
import { WebhookEvents } from './webhook-events';

@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsService,
    private readonly events: WebhookEvents,
  ) {}

  /**
   * Verifies and applies one delivery. `payment_intent.succeeded` runs the same verified
   * mark-paid as the browser's PATCH, so an order gets paid even if the browser closed first.
   */
  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    const provider = this.provider;
    if (!(provider instanceof StripePaymentProvider) || !provider.acceptsWebhooks) {
      throw notFound(PaymentMessages.webhooksOff);
    }
    if (!rawBody || !signature) throw invalid(PaymentMessages.webhookUnsigned);
    let event: Stripe.Event;
    try {
      event = provider.constructWebhookEvent(rawBody, signature);
    } catch {
      throw invalid(PaymentMessages.webhookSignatureInvalid);
    }
    if (event.type !== 'payment_intent.succeeded') return;
    if (!(await this.events.claim(event.id, event.type))) {
      this.logger.log(`webhook event ${event.id} already handled`);
      return;
    }
    try {
      const intent = event.data.object;
      await this.payments.settleSucceededIntent({
        id: intent.id,
        metadata: { ...intent.metadata },
      });
    } catch (error) {
      await this.events.release(event.id);
      throw error;
    }
  }
}
