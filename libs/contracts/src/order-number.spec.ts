import { formatOrderNumber, orderNumberIn } from './order-number';

describe('order numbers', () => {
  it('formats the n-th order with six digits at least', () => {
    expect(formatOrderNumber(1)).toBe('TS-100001');
    expect(formatOrderNumber(234)).toBe('TS-100234');
  });

  it('reads a search for a number with or without its prefix', () => {
    expect(orderNumberIn('TS-100234')).toBe('TS-100234');
    expect(orderNumberIn(' ts100234 ')).toBe('TS-100234');
    expect(orderNumberIn('100234')).toBe('TS-100234');
  });

  it('leaves other searches alone', () => {
    expect(orderNumberIn('12')).toBeUndefined();
    expect(orderNumberIn('12 Main Street')).toBeUndefined();
    expect(orderNumberIn('TS-10023x')).toBeUndefined();
    expect(orderNumberIn('ada@toolshop.test')).toBeUndefined();
  });
});
