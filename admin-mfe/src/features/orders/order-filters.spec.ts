import { adminOrdersPath } from './order-filters';

describe('adminOrdersPath', () => {
  it('asks for one page of one state', () => {
    expect(adminOrdersPath('paid', 3)).toBe('/adminOrders?limit=10&page=3&state=paid');
  });
  it('leaves the state out for all orders', () => {
    expect(adminOrdersPath('all', 1, 25)).toBe('/adminOrders?limit=25&page=1');
  });
});
