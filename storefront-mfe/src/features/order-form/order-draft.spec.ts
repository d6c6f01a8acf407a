import { Messages } from '@toolshop/contracts';
import {
  ORDER_FIELD_REQUIRED,
  toNewOrder,
  validateOrderDraft,
  type OrderDraft,
} from './order-draft';

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
      address: ORDER_FIELD_REQUIRED.address,
      phone: ORDER_FIELD_REQUIRED.phone,
    });
  });

  it('has no valid quantity when the stock is below the minimum order', () => {
    expect(validateOrderDraft(filled, { minOrder: 10, available: 5 }).quantity).toBe(
      Messages.invalidQuantity,
    );
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
});
