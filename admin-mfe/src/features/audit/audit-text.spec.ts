import { AUDIT_ACTIONS } from '@toolshop/contracts';
import { ACTION_LABELS, actionLabel, detailsText } from './audit-text';

it('names every action the API records, and shows an unknown one as it is', () => {
  expect(Object.keys(ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
  expect(actionLabel('product.restock')).toBe('Restocked a product');
  expect(actionLabel('something.new')).toBe('something.new');
});

it('writes the details as one line', () => {
  expect(detailsText({ available: 40, price: 30 })).toBe('available: 40, price: 30');
  expect(detailsText(undefined)).toBe('');
});
