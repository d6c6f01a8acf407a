import {
  normalizePurchaseOrder,
  PURCHASE_ORDER_MAX_LENGTH,
  PurchaseOrderMessages,
  purchaseOrderError,
} from './purchase-order';

describe('purchase order numbers', () => {
  it('takes 1 to 35 letters, digits, spaces and - _ / . #, trimmed', () => {
    for (const good of [
      '4711',
      'PO-2026/11.03',
      'ws_12 #7',
      ' A ',
      'x'.repeat(PURCHASE_ORDER_MAX_LENGTH),
    ])
      expect(purchaseOrderError(good)).toBeUndefined();
    expect(normalizePurchaseOrder('  PO 17  ')).toBe('PO 17');
  });

  it('takes none: absent, null or blank', () => {
    for (const none of [undefined, null, '', '   '])
      expect([purchaseOrderError(none), normalizePurchaseOrder(none)]).toEqual([
        undefined,
        undefined,
      ]);
  });

  it('refuses other characters, NUL, too long and non-text with one message', () => {
    for (const bad of ['PO<1>', 'a\u0000b', 'Bestellung ä', 'x\ny', 'x'.repeat(36), 17, {}, ['1']])
      expect(purchaseOrderError(bad)).toBe(PurchaseOrderMessages.format);
  });
});
