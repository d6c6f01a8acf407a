import { Injectable, Logger } from '@nestjs/common';
import {
  PaymentMessages,
  refusalOf,
  type ModifiedAnswer,
  type PaymentStatusAnswer,
} from '@toolshop/contracts';
import { conflict, DomainError, invalid, notFound, paymentRequired } from '../common/domain-error';
import {
  OrderPayments,
  type OrderRefundRequest,
  type OrderWithPayment,
} from '../orders/order-payments';
import { PayableOrders, type PayableOrder } from './payable-orders';
import { RefundRefusedError, UnknownPaymentIntentError } from './payment-errors';
import { PAYABLE_STATUSES, PaymentProvider, type PaymentIntentSnapshot } from './payment-provider';

const CURRENCY = 'usd';
/** Stripe's smallest and largest USD charge, in cents. */
const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;

/** Cents of an order, always from the stored order (the client's totalPrice is never read). */
export const amountInCents = (order: Pick<PayableOrder, 'totalPrice'>) =>
  Math.round(order.totalPrice * 100);

@Injectable()
export class PaymentsService implements OrderPayments {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly orders: PayableOrders,
    private readonly provider: PaymentProvider,
  ) {}

  /**
   * The client secret for paying an unpaid order. Reuses the order's intent while it can
   * still be paid, so retries and reloads never charge twice.
   */
  async clientSecretFor(orderId: string): Promise<string> {
    const order = await this.payableOrder(orderId);
    if (order.paid) throw conflict(PaymentMessages.alreadyPaid);
    if (order.state !== 'unpaid') throw conflict(refusalOf('pay', order.state));
    const amount = amountInCents(order);
    if (amount < MIN_AMOUNT || amount > MAX_AMOUNT)
      throw conflict(PaymentMessages.amountOutOfRange);

    const stored = order.paymentIntentId ? await this.retrieveOrNull(order.paymentIntentId) : null;
    if (stored?.status === 'succeeded') {
      // Paid, but neither the browser nor a webhook told us yet: settle it now.
      await this.settle(order, stored.id);
      throw conflict(PaymentMessages.alreadyPaid);
    }
    // A second intent now could charge the customer twice.
    if (stored?.status === 'processing') throw conflict(PaymentMessages.processing);
    if (stored && PAYABLE_STATUSES.has(stored.status) && stored.amount === amount)
      return stored.clientSecret;

    const intent = await this.provider.createIntent({
      orderId: order.id,
      amount,
      currency: CURRENCY,
      // A new key per replaced intent; the same key for concurrent first requests.
      idempotencyKey: `order-${order.id}-${stored?.id ?? 'first'}`,
    });
    if (!(await this.orders.attachPaymentIntent(order.id, intent.id))) {
      throw conflict(PaymentMessages.alreadyPaid);
    }
    return intent.clientSecret;
  }

  /** PATCH /orders/:id: the browser reports a payment; it counts only once verified. */
  async confirmPaid(orderId: string, transactionId: string): Promise<ModifiedAnswer> {
    const order = await this.payableOrder(orderId);
    const changed = await this.settle(order, transactionId);
    return { acknowledged: true, matchedCount: 1, modifiedCount: changed ? 1 : 0 };
  }

  /**
   * GET /orders/:id/payment: what really happened to the order's payment, so a page that lost its
   * connection mid-payment knows whether to offer a retry. Reads the order and the provider's
   * intent; a success nobody has reported yet is recorded here (the same one "mark paid").
   */
  async status(orderId: string): Promise<PaymentStatusAnswer> {
    const order = await this.payableOrder(orderId);
    if (order.paid) {
      return {
        state: 'paid',
        paid: true,
        intentStatus: 'succeeded',
        transactionId: order.transactionId,
      };
    }
    const intent = order.paymentIntentId ? await this.retrieveOrNull(order.paymentIntentId) : null;
    if (!intent) return { state: 'unpaid', paid: false, intentStatus: null };
    if (intent.status === 'succeeded') {
      try {
        await this.settle(order, intent.id);
        return { state: 'paid', paid: true, intentStatus: intent.status, transactionId: intent.id };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // Money was taken but does not fit the order (or another payment won): never say "retry".
        this.logger.warn(`payment ${intent.id} of order ${order.id} not settled: ${error.message}`);
        return { state: 'processing', paid: false, intentStatus: intent.status };
      }
    }
    const state = intent.status === 'processing' ? 'processing' : 'unpaid';
    return { state, paid: false, intentStatus: intent.status };
  }

  /** A provider event (webhook, or the test provider) says an intent succeeded. */
  async settleSucceededIntent(
    intent: Pick<PaymentIntentSnapshot, 'id' | 'metadata'>,
  ): Promise<void> {
    const orderId = intent.metadata.orderId;
    const order = orderId ? await this.orders.findPayable(orderId) : null;
    if (!order) {
      this.logger.warn(`payment ${intent.id} succeeded for unknown order ${orderId ?? '(none)'}`);
      return;
    }
    try {
      await this.settle(order, intent.id);
    } catch (error) {
      // Not retryable: the event is for an intent the order no longer expects.
      if (error instanceof DomainError) {
        this.logger.warn(`payment ${intent.id} not applied to order ${order.id}: ${error.message}`);
        return;
      }
      throw error;
    }
  }

  /**
   * Before an order is deleted: cancels its intent at the provider. An intent that succeeded is
   * settled (the order becomes paid) and one still processing keeps the order; both answer 409.
   */
  async release(order: OrderWithPayment): Promise<void> {
    let intent: PaymentIntentSnapshot;
    try {
      intent = await this.provider.cancelIntent(order.paymentIntentId);
    } catch (error) {
      // The provider never knew it (or the test provider restarted): nothing can be charged.
      if (error instanceof UnknownPaymentIntentError) return;
      throw error;
    }
    if (intent.status === 'canceled') return;
    if (intent.status === 'processing') throw conflict(PaymentMessages.processing);
    if (intent.status === 'succeeded') {
      const payable = await this.orders.findPayable(order.id);
      if (payable) await this.settle(payable, intent.id);
      throw conflict(PaymentMessages.paidBeforeCancel);
    }
    this.logger.error(
      `payment ${intent.id} of order ${order.id} is ${intent.status} after cancelling`,
    );
    throw conflict(PaymentMessages.processing);
  }

  /** An order's refund at the provider, keyed by the order and index: asked again, it is the same refund. */
  async refund(refund: OrderRefundRequest): Promise<{ id: string }> {
    try {
      const made = await this.provider.refund({
        paymentIntentId: refund.transactionId,
        amount: Math.round(refund.amount * 100),
        // The first refund keeps the key refunds of whole orders had before there were several.
        idempotencyKey: refund.index
          ? `refund-${refund.id}-${refund.index}`
          : `refund-${refund.id}`,
      });
      return { id: made.id };
    } catch (error) {
      if (error instanceof RefundRefusedError || error instanceof UnknownPaymentIntentError)
        throw conflict(`The payment provider refused the refund: ${error.message}`);
      throw error;
    }
  }

  /**
   * The one "mark paid": the intent must be the one stored for the order, and the provider must
   * say it succeeded for this order's amount, currency and id. Returns whether the order changed.
   */
  private async settle(order: PayableOrder, intentId: string): Promise<boolean> {
    if (order.paid) {
      if (order.transactionId === intentId) return false;
      throw conflict(PaymentMessages.alreadyPaid);
    }
    if (order.state !== 'unpaid') throw conflict(refusalOf('pay', order.state));
    if (!order.paymentIntentId) throw conflict(PaymentMessages.noIntent);
    if (order.paymentIntentId !== intentId) throw invalid(PaymentMessages.foreignIntent);

    const intent = await this.retrieveOrNull(order.paymentIntentId);
    if (!intent) throw invalid(PaymentMessages.foreignIntent);
    if (intent.status !== 'succeeded') {
      throw paymentRequired(PaymentMessages.notSucceeded);
    }
    if (
      intent.amountReceived !== amountInCents(order) ||
      intent.currency !== CURRENCY ||
      intent.metadata.orderId !== order.id
    ) {
      this.logger.warn(`payment ${intent.id} does not match order ${order.id}`);
      throw invalid(PaymentMessages.mismatch);
    }

    if (await this.orders.markPaid(order.id, intent.id)) return true;
    // Someone else (the webhook or a second tab) won the race: fine if it was this payment.
    const now = await this.orders.findPayable(order.id);
    if (now?.paid && now.transactionId === intent.id) return false;
    throw conflict(PaymentMessages.alreadyPaid);
  }

  /** The routes have checked the order is the caller's (OwnerOnly). */
  private async payableOrder(orderId: string): Promise<PayableOrder> {
    const order = await this.orders.findPayable(orderId);
    if (!order) throw notFound(PaymentMessages.orderNotFound);
    return order;
  }

  private async retrieveOrNull(intentId: string): Promise<PaymentIntentSnapshot | null> {
    try {
      return await this.provider.retrieveIntent(intentId);
    } catch (error) {
      if (error instanceof UnknownPaymentIntentError) return null;
      throw error;
    }
  }
}
