import { AUDIT_ACTIONS } from '@toolshop/contracts';
import { ACTION_LABELS, actionLabel, changeLines, detailsText } from './audit-text';

it('names every action the API records, and shows an unknown one as it is', () => {
  expect(Object.keys(ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
  expect(actionLabel('product.restock')).toBe('Restocked a product');
  expect(actionLabel('something.new')).toBe('something.new');
});

it('writes the details as one line', () => {
  expect(detailsText({ available: 40, price: 30 })).toBe('available: 40, price: 30');
  expect(detailsText(undefined)).toBe('');
});

it('writes each changed field as before → after', () => {
  expect(
    changeLines({
      before: { price: 40, priceTiers: [] },
      after: {
        price: 38,
        priceTiers: [
          { minQuantity: 12, price: 35 },
          { minQuantity: 60, price: 31 },
        ],
      },
    }),
  ).toEqual(['price: 40 → 38', 'priceTiers: none → 12+ at 35, 60+ at 31']);
  expect(changeLines({ before: { role: null }, after: { role: 'admin' } })).toEqual([
    'role: none → admin',
  ]);
  expect(changeLines({ after: { shipped: true, carrier: 'UPS', trackingNumber: '1Z9' } })).toEqual([
    'shipped: none → true',
    'carrier: none → UPS',
    'trackingNumber: none → 1Z9',
  ]);
  expect(changeLines({})).toEqual([]);
});
