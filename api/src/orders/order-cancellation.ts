import { Injectable } from '@nestjs/common';
import { ApiMessages, canTake, refusalOf, type DeletedAnswer } from '@toolshop/contracts';
import { recordChange } from '../audit/audit-trail';
import { deleted } from '../common/answers.dto';
import { conflict } from '../common/domain-error';
import { OrderPayments } from './order-payments';
import { CancelableOrders } from './cancelable-orders';
import type { OrderChangeBy } from './order-changes';

/** A payment was started again while we cancelled the previous one; give up after this many rounds. */
const MAX_ATTEMPTS = 3;

/**
 * DELETE /orders/:id and the expiry of unpaid orders: the lifecycle's cancel and expire. The payment step comes through the
 * OrderPayments port (provided by payments), so orders never depend on payments.
 */
@Injectable()
export class OrderCancellation {
  constructor(
    private readonly orders: CancelableOrders,
    private readonly payment: OrderPayments,
  ) {}

  /** DELETE /orders/:id by `caller`, the order's customer or an admin (the route checks which). */
  async cancel(id: string, caller: string): Promise<DeletedAnswer> {
    await this.close(id, 'cancel', (order) =>
      order.email === caller ? { role: 'customer' } : { role: 'admin', actor: caller },
    );
    return deleted(1);
  }

  /** The expiry sweep's: an unpaid order past its reservation. */
  expire(id: string): Promise<void> {
    return this.close(id, 'expire', () => ({ role: 'system' }));
  }

  /**
   * Closes an unpaid order (it stays, cancelled or expired) and puts its quantity back in stock. A
   * started payment is cancelled at the provider first, so a customer can never pay for an order
   * that is closed; a payment that already succeeded settles the order instead (409). Of
   * concurrent closes (two tabs, two API processes, the expiry sweep) exactly one closes the order
   * and gives stock back; the others get the lifecycle's 409.
   */
  private async close(
    id: string,
    action: 'cancel' | 'expire',
    byOf: (order: { email: string }) => OrderChangeBy,
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const order = await this.orders.findCancelable(id);
      const by = byOf(order);
      if (!canTake(action, order.state, [by.role])) throw conflict(refusalOf(action, order.state));
      if (order.paymentIntentId) {
        await this.payment.release({ id, paymentIntentId: order.paymentIntentId });
      }
      // Closes only if nobody paid or started another payment meanwhile.
      if (await this.orders.closeAndGiveBack(id, order, action, by)) {
        // An admin's cancel is logged by what and whom the order was for, beside its id.
        recordChange({ state: 'unpaid' }, { state: ORDER_CLOSED[action] }, order.label);
        return;
      }
      if (attempt === MAX_ATTEMPTS) {
        throw conflict(ApiMessages.orderChangedWhileCanceling);
      }
    }
  }
}

const ORDER_CLOSED = { cancel: 'cancelled', expire: 'expired' } as const;
