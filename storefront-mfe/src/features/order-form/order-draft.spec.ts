import {
  BuyingMessages,
  DeliveryMessages,
  Messages,
  PurchaseOrderMessages,
  RuleMessages,
} from '@toolshop/contracts';
import {
  draftPrice,
  largestOrder,
  toNewOrder,
  validateOrderDraft,
  type OrderDraft,
} from './order-draft';
import { EXAMPLE_TIERS } from '../../testing/price-tiers';

const stock = { minOrder: 10, available: 40 };
const filled: OrderDraft = {
  userName: 'Ada',
  address: '1 Main St',
  phone: '555 0100',
  quantity: '10',
};

describe('validateOrderDraft', () => {
  it('accepts a filled draft at the minimum order', () => {
    expect(validateOrderDraft(filled, stock)).toEqual({});
  });

  it.each(['9', '41', '', '10.5', 'abc', '-10'])('refuses the quantity %p', (quantity) => {
    expect(validateOrderDraft({ ...filled, quantity }, stock)).toEqual({
      quantity: Messages.invalidQuantity,
    });
  });

  it('accepts the whole stock', () => {
    expect(validateOrderDraft({ ...filled, quantity: '40' }, stock)).toEqual({});
  });

  it('requires address and phone, ignoring blanks', () => {
    expect(validateOrderDraft({ ...filled, address: '  ', phone: '' }, stock)).toEqual({
      address: DeliveryMessages.address,
      phone: DeliveryMessages.phone,
    });
  });

  it('has no valid quantity when the stock is below the minimum order', () => {
    expect(validateOrderDraft(filled, { minOrder: 10, available: 5 }).quantity).toBe(
      Messages.invalidQuantity,
    );
  });
});

describe('the name on the order', () => {
  it('is optional but follows the shared name rule', () => {
    expect(validateOrderDraft({ ...filled, userName: '' }, stock)).toEqual({});
    expect(
      validateOrderDraft({ ...filled, userName: 'Casey\nVisit http://evil.test' }, stock),
    ).toEqual({
      userName: RuleMessages.nameControlCharacters,
    });
    expect(validateOrderDraft({ ...filled, userName: 'pay at evil.test/card' }, stock)).toEqual({
      userName: RuleMessages.nameNoLinks,
    });
  });
});

describe('sold in packs', () => {
  const blades = { minOrder: 10, available: 42, packSize: 5 };

  it.each(['10', '15', '40'])(
    'accepts %p, a whole number of packs within the stock',
    (quantity) => {
      expect(validateOrderDraft({ ...filled, quantity }, blades)).toEqual({});
    },
  );

  it.each(['11', '12', '39', '41'])(
    'says which quantities fit for %p, a part of a pack',
    (quantity) => {
      expect(validateOrderDraft({ ...filled, quantity }, blades)).toEqual({
        quantity: BuyingMessages.packMultiple(5, 10),
      });
    },
  );

  it.each(['5', '45', '', '0'])('keeps the spec message for %p, out of range', (quantity) => {
    expect(validateOrderDraft({ ...filled, quantity }, blades)).toEqual({
      quantity: Messages.invalidQuantity,
    });
  });

  it('sells the stock down to whole packs', () => {
    expect(largestOrder(blades)).toBe(40);
    expect(largestOrder({ ...blades, available: 4 })).toBe(0);
    expect(largestOrder(stock)).toBe(40);
  });
});

describe('draftPrice', () => {
  const drill = {
    minOrder: 1,
    available: 500,
    price: 129,
    priceTiers: EXAMPLE_TIERS,
  };

  it.each([
    ['1', 129, 129],
    ['49', 129, 6_321],
    ['50', 119, 5_950],
    ['199', 119, 23_681],
    ['200', 109, 21_800],
    ['500', 109, 54_500],
  ])('prices %p units at the tier they reach', (quantity, unitPrice, total) => {
    expect(draftPrice(quantity, drill)).toEqual({ unitPrice, total });
  });

  it('has no price for a quantity the form refuses', () => {
    expect(draftPrice('501', drill)).toBeUndefined();
    expect(draftPrice('', drill)).toBeUndefined();
    expect(draftPrice('12', { ...drill, packSize: 5 })).toBeUndefined();
  });

  it('is quantity × price without tiers', () => {
    expect(draftPrice('12', { ...stock, price: 120 })).toEqual({ unitPrice: 120, total: 1_440 });
  });
});

describe('toNewOrder', () => {
  it('sends trimmed fields and a numeric quantity, never a price or email', () => {
    expect(toNewOrder({ ...filled, address: ' 1 Main St ', quantity: '12' }, 't1')).toEqual({
      toolId: 't1',
      userName: 'Ada',
      address: '1 Main St',
      phone: '555 0100',
      orderQuantity: 12,
    });
  });

  it('leaves out an empty name', () => {
    expect(toNewOrder({ ...filled, userName: ' ' }, 't1')).not.toHaveProperty('userName');
  });

  it('sends a PO number trimmed, and none when blank', () => {
    expect(toNewOrder({ ...filled, purchaseOrder: ' PO-17/B ' }, 't1').purchaseOrder).toBe(
      'PO-17/B',
    );
    expect(toNewOrder({ ...filled, purchaseOrder: '  ' }, 't1')).not.toHaveProperty(
      'purchaseOrder',
    );
  });
});

describe('the PO number of a draft', () => {
  it('is optional and follows the shared rule, with its message', () => {
    expect(validateOrderDraft({ ...filled, purchaseOrder: '' }, stock)).toEqual({});
    expect(validateOrderDraft({ ...filled, purchaseOrder: 'WS 2026-11 #4' }, stock)).toEqual({});
    for (const bad of ['PO<1>', 'x'.repeat(36)])
      expect(validateOrderDraft({ ...filled, purchaseOrder: bad }, stock)).toEqual({
        purchaseOrder: PurchaseOrderMessages.format,
      });
  });
});
