import { Injectable } from '@nestjs/common';
import { ApiMessages, type DeletedAnswer } from '@toolshop/contracts';
import { recordChange } from '../audit/audit-trail';
import { deleted } from '../common/answers.dto';
import { conflict } from '../common/domain-error';
import { OrderPaymentRelease } from './order-payment-release';
import { CancelableOrders } from './cancelable-orders';

/** A payment was started again while we cancelled the previous one; give up after this many rounds. */
const MAX_ATTEMPTS = 3;

/**
 * DELETE /orders/:id and the expiry of unpaid orders. The payment step comes through the
 * OrderPaymentRelease port (provided by payments), so orders never depend on payments.
 */
@Injectable()
export class OrderCancellation {
  constructor(
    private readonly orders: CancelableOrders,
    private readonly payment: OrderPaymentRelease,
  ) {}

  /** The customer's (or an admin's) cancel; the route checks who may. */
  async cancel(id: string): Promise<DeletedAnswer> {
    await this.cancelUnpaid(id);
    return deleted(1);
  }

  /**
   * Cancels an unpaid order and puts its quantity back in stock. A started payment is cancelled
   * at the provider first, so a customer can never pay for an order that no longer exists; a
   * payment that already succeeded settles the order instead (409). Of concurrent cancels (two
   * tabs, two API processes, the expiry sweep) exactly one deletes the order and gives stock back;
   * the others get 404.
   */
  async cancelUnpaid(id: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const order = await this.orders.findCancelable(id);
      if (order.paid) throw conflict(ApiMessages.paidOrderNotCancelable);
      if (order.paymentIntentId) {
        await this.payment.release({ id, paymentIntentId: order.paymentIntentId });
      }
      // Deletes only if nobody paid or started another payment meanwhile.
      if (await this.orders.deleteAndGiveBack(id, order)) {
        // An admin's cancel is logged by what and whom the order was for, beside its id.
        recordChange({ state: 'unpaid' }, { state: 'cancelled' }, order.label);
        return;
      }
      if (attempt === MAX_ATTEMPTS) {
        throw conflict(ApiMessages.orderChangedWhileCanceling);
      }
    }
  }
}
