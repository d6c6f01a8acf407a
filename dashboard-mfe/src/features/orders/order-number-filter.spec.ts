import type { Order } from '@toolshop/contracts';
import { ordersNumbered } from './order-number-filter';

const order = (number?: string) => ({ _id: number ?? 'old', number }) as Order;

describe('ordersNumbered', () => {
  const orders = [order('TS-100234'), order('TS-100235'), order()];

  it('keeps every order while nothing is typed', () => {
    expect(ordersNumbered(orders, '  ')).toEqual(orders);
  });

  it('finds an order by its number, with or without the prefix, in any case', () => {
    for (const typed of ['TS-100234', 'ts-100234', '100234', ' 0234 '])
      expect(ordersNumbered(orders, typed).map((found) => found._id)).toEqual(['TS-100234']);
  });

  it('finds nothing for a number none has (older orders have none)', () => {
    expect(ordersNumbered(orders, 'TS-999')).toEqual([]);
  });
});
