import { conflict } from '../common/domain-error';
import { OrderCancellation } from './order-cancellation';
import { OrderPayments, type OrderWithPayment } from './order-payments';
import type { CancelableOrder, CancelableOrders } from './cancelable-orders';
import type { OrderChangeBy } from './order-changes';

const CUSTOMER = 'ann@example.com';

/** One order kept in memory with CancelableOrders' conditional close. */
function setup(initial: Partial<CancelableOrder> = {}) {
  const row: CancelableOrder = {
    state: 'unpaid',
    email: CUSTOMER,
    lines: [{ toolId: 't1', quantity: 3 }],
    ...initial,
  };
  const stock: Array<{ toolId: string; quantity: number }> = [];
  const closedBy: OrderChangeBy[] = [];
  const orders = {
    findCancelable: async () => ({ ...row }),
    closeAndGiveBack: async (
      _id: string,
      { paymentIntentId, lines }: CancelableOrder,
      action: 'cancel' | 'expire',
      by: OrderChangeBy,
    ) => {
      if (row.state !== 'unpaid' || row.paymentIntentId !== paymentIntentId) return false;
      row.state = action === 'cancel' ? 'cancelled' : 'expired';
      closedBy.push(by);
      stock.push(...lines);
      return true;
    },
  };
  const released: OrderWithPayment[] = [];
  const release = jest.fn(async (order: OrderWithPayment) => void released.push(order));
  const payment = { release, refund: jest.fn() } as OrderPayments;
  const cancellation = new OrderCancellation(orders as unknown as CancelableOrders, payment);
  return {
    cancel: (caller = CUSTOMER) => cancellation.cancel('o1', caller),
    expire: () => cancellation.expire('o1'),
    current: () => row,
    update: (change: Partial<CancelableOrder>) => Object.assign(row, change),
    stock,
    closedBy,
    released,
    release,
  };
}

describe('OrderCancellation', () => {
  it('closes an order without a payment as cancelled, keeps it, and gives its stock back', async () => {
    const order = setup();
    await expect(order.cancel()).resolves.toEqual({ acknowledged: true, deletedCount: 1 });
    expect(order.current().state).toBe('cancelled');
    expect(order.stock).toEqual([{ toolId: 't1', quantity: 3 }]);
    expect(order.release).not.toHaveBeenCalled();
  });

  it('records the customer, an admin by email, or the shop for an expiry', async () => {
    const own = setup();
    await own.cancel();
    const byAdmin = setup();
    await byAdmin.cancel('admin@example.com');
    const lapsed = setup();
    await lapsed.expire();
    expect([...own.closedBy, ...byAdmin.closedBy, ...lapsed.closedBy]).toEqual([
      { role: 'customer' },
      { role: 'admin', actor: 'admin@example.com' },
      { role: 'system' },
    ]);
    expect(lapsed.current().state).toBe('expired');
  });

  it('cancels a started payment before closing the order', async () => {
    const order = setup({ paymentIntentId: 'pi_1' });
    await order.cancel();
    expect(order.released).toEqual([{ id: 'o1', paymentIntentId: 'pi_1' }]);
    expect(order.current().state).toBe('cancelled');
  });

  it('keeps the order and the stock when the payment cannot be released', async () => {
    const order = setup({ paymentIntentId: 'pi_1' });
    order.release.mockRejectedValueOnce(conflict('This order has already been paid'));
    await expect(order.cancel()).rejects.toThrow('This order has already been paid');
    expect(order.current().state).toBe('unpaid');
    expect(order.stock).toEqual([]);
  });

  it('refuses a paid order without asking the provider', async () => {
    const order = setup({ state: 'paid', paymentIntentId: 'pi_1' });
    await expect(order.cancel()).rejects.toThrow('A paid order cannot be canceled');
    expect(order.release).not.toHaveBeenCalled();
  });

  it('also cancels a payment started while the first one was being cancelled', async () => {
    const order = setup({ paymentIntentId: 'pi_1' });
    order.release.mockImplementationOnce(async (released) => {
      order.released.push(released);
      order.update({ paymentIntentId: 'pi_2' });
    });
    await order.cancel();
    expect(order.released.map((released) => released.paymentIntentId)).toEqual(['pi_1', 'pi_2']);
    expect(order.current().state).toBe('cancelled');
  });

  it('answers a second cancel with a 409 that says the order is canceled already', async () => {
    const order = setup();
    await order.cancel();
    await expect(order.cancel()).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This order is already canceled',
    });
    expect(order.stock).toHaveLength(1);
  });
});
