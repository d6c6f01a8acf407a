import { ORDER_STATE_LABELS, ORDER_STATES } from '@toolshop/contracts';
import { adminOrdersPath, filterName, STATE_FILTERS } from './order-filters';

describe('adminOrdersPath', () => {
  it('asks for one page of one state', () => {
    expect(adminOrdersPath('paid', 3)).toBe('/adminOrders?limit=10&page=3&state=paid');
    expect(adminOrdersPath('cancelled', 1)).toBe('/adminOrders?limit=10&page=1&state=cancelled');
  });
  it('leaves the state out for all orders', () => {
    expect(adminOrdersPath('all', 1, 25)).toBe('/adminOrders?limit=25&page=1');
  });
});

describe('STATE_FILTERS', () => {
  it('offers "All open" first, then every state of the lifecycle by its label, then all returns', () => {
    expect(STATE_FILTERS.map((filter) => filter.value)).toEqual([
      'all',
      ...ORDER_STATES,
      'returns',
    ]);
    const labels = STATE_FILTERS.map((filter) => filter.label);
    expect(labels).toEqual([
      'All open',
      ...ORDER_STATES.map((state) => ORDER_STATE_LABELS[state]),
      'All returns',
    ]);
    expect(labels.slice(0, 6)).toEqual([
      'All open',
      'Awaiting approval',
      'Unpaid',
      'On account',
      'Paid',
      'Shipped',
    ]);
    expect(labels).toEqual(
      expect.arrayContaining(['Delivered', 'Refunded', 'Canceled', 'Expired', 'Declined']),
    );
  });
  it('names a filter in sentences the way its label does', () => {
    expect(filterName('cancelled')).toBe('canceled');
    expect(filterName('all')).toBeUndefined();
  });
});
