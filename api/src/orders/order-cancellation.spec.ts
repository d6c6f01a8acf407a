import { conflict, notFound } from '../common/domain-error';
import { OrderCancellation } from './order-cancellation';
import { OrderPaymentRelease, type OrderWithPayment } from './order-payment-release';
import type { CancelableOrder, CancelableOrders } from './cancelable-orders';

/** One order kept in memory with CancelableOrders' conditional delete. */
function setup(initial: Partial<CancelableOrder> = {}) {
  let row: CancelableOrder | null = {
    paid: false,
    lines: [{ toolId: 't1', quantity: 3 }],
    ...initial,
  };
  const stock: Array<{ toolId: string; quantity: number }> = [];
  const orders = {
    findCancelable: async () => {
      if (!row) throw notFound('gone');
      return { ...row };
    },
    deleteAndGiveBack: async (_id: string, { paymentIntentId, lines }: CancelableOrder) => {
      if (!row || row.paid || row.paymentIntentId !== paymentIntentId) return false;
      row = null;
      stock.push(...lines);
      return true;
    },
  };
  const released: OrderWithPayment[] = [];
  const release = jest.fn(async (order: OrderWithPayment) => void released.push(order));
  const payment: OrderPaymentRelease = { release };
  const cancellation = new OrderCancellation(orders as unknown as CancelableOrders, payment);
  return {
    cancel: () => cancellation.cancel('o1'),
    current: () => row,
    update: (change: Partial<CancelableOrder>) => Object.assign(row!, change),
    stock,
    released,
    release,
  };
}

describe('OrderCancellation', () => {
  it('deletes an order without a payment and gives its stock back', async () => {
    const order = setup();
    await expect(order.cancel()).resolves.toEqual({ acknowledged: true, deletedCount: 1 });
    expect(order.current()).toBeNull();
    expect(order.stock).toEqual([{ toolId: 't1', quantity: 3 }]);
    expect(order.release).not.toHaveBeenCalled();
  });

  it('cancels a started payment before deleting the order', async () => {
    const order = setup({ paymentIntentId: 'pi_1' });
    await order.cancel();
    expect(order.released).toEqual([{ id: 'o1', paymentIntentId: 'pi_1' }]);
    expect(order.current()).toBeNull();
  });

  it('keeps the order and the stock when the payment cannot be released', async () => {
    const order = setup({ paymentIntentId: 'pi_1' });
    order.release.mockRejectedValueOnce(conflict('This order has already been paid'));
    await expect(order.cancel()).rejects.toThrow('This order has already been paid');
    expect(order.current()).not.toBeNull();
    expect(order.stock).toEqual([]);
  });

  it('refuses a paid order without asking the provider', async () => {
    const order = setup({ paid: true, paymentIntentId: 'pi_1' });
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
    expect(order.current()).toBeNull();
  });

  it('answers 404 for an order that is gone', async () => {
    const order = setup();
    await order.cancel();
    await expect(order.cancel()).rejects.toMatchObject({ kind: 'notFound' });
  });
});
