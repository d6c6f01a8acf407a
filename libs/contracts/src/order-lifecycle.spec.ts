import { InputMessages } from './messages';
import {
  allowedActions,
  canTake,
  holdsGoods,
  ORDER_STATE_FILTERS,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  orderState,
  nextState,
  refusalOf,
  statesOf,
  type OrderAction,
  type OrderState,
} from './order-lifecycle';

describe('the order lifecycle', () => {
  it('gives each role its actions per state', () => {
    expect(allowedActions('unpaid', ['customer'])).toEqual(['pay', 'cancel']);
    expect(allowedActions('unpaid', ['admin'])).toEqual(['cancel']);
    expect(allowedActions('unpaid', ['system'])).toEqual(['expire']);
    expect(allowedActions('paid', ['admin'])).toEqual(['ship', 'refund', 'refundPart']);
    expect(allowedActions('shipped', ['admin'])).toEqual(['deliver', 'refund', 'refundPart']);
    expect(allowedActions('delivered', ['admin'])).toEqual(['refund', 'refundPart']);
    expect(allowedActions('paid', ['customer'])).toEqual([]);
    expect(allowedActions('delivered', ['customer'])).toEqual(['requestReturn']);
    expect(allowedActions('return_requested', ['admin'])).toEqual([
      'approveReturn',
      'rejectReturn',
    ]);
    expect(allowedActions('return_approved', ['admin'])).toEqual(['receiveReturn']);
    expect(allowedActions('return_received', ['admin'])).toEqual(['refund', 'refundPart']);
    for (const closed of ['refunded', 'cancelled', 'expired'] as const)
      expect(allowedActions(closed, ['customer', 'admin', 'system'])).toEqual([]);
  });

  it('reaches every state from unpaid, and never goes back to unpaid', () => {
    const reached = new Set<string>(['unpaid']);
    for (let round = 0; round < ORDER_STATES.length; round++)
      for (const action of Object.keys(ORDER_TRANSITIONS) as OrderAction[])
        for (const state of [...reached]) {
          const next = nextState(action, state as OrderState);
          if (next) reached.add(next);
        }
    expect([...reached].sort()).toEqual([...ORDER_STATES].sort());
  });

  it('keeps an order going after a refund of some of its units', () => {
    expect(nextState('refundPart', 'paid')).toBe('paid');
    expect(nextState('refundPart', 'shipped')).toBe('shipped');
    expect(nextState('refundPart', 'return_received')).toBe('delivered');
    expect(nextState('refundPart', 'unpaid')).toBeUndefined();
    expect(nextState('refund', 'delivered')).toBe('refunded');
  });

  it('gives stock back only for units still in the warehouse', () => {
    expect(ORDER_STATES.filter(holdsGoods)).toEqual(['unpaid', 'paid', 'return_received']);
    expect(canTake('refund', 'shipped', ['admin'])).toBe(true);
  });

  it('names every refusal in words a person can act on', () => {
    expect(refusalOf('cancel', 'paid')).toBe('A paid order cannot be canceled');
    expect(refusalOf('cancel', 'shipped')).toBe('A paid order cannot be canceled');
    expect(refusalOf('cancel', 'cancelled')).toBe('This order is already canceled');
    expect(refusalOf('ship', 'unpaid')).toBe('Only a paid order can be approved for shipping');
    expect(refusalOf('ship', 'shipped')).toBe('This order is already approved for shipping');
    expect(refusalOf('refund', 'refunded')).toBe('This order is already refunded');
    expect(refusalOf('refund', 'unpaid')).toBe('Only a paid order can be refunded');
    expect(refusalOf('refundPart', 'unpaid')).toBe('Only a paid order can be refunded');
    expect(refusalOf('refundPart', 'refunded')).toBe('This order is already refunded');
    expect(refusalOf('deliver', 'paid')).toBe('This order is paid: it cannot be marked delivered');
    expect(refusalOf('pay', 'expired')).toBe('This order is expired: it cannot be paid');
    expect(refusalOf('requestReturn', 'paid')).toBe('This order is paid: it cannot be returned');
    for (const action of Object.keys(ORDER_TRANSITIONS) as OrderAction[])
      for (const state of ORDER_STATES)
        if (!ORDER_TRANSITIONS[action].from.includes(state))
          expect(refusalOf(action, state)).toMatch(/^(This|A|Only)/);
  });

  it('reads the state of an order answered before states existed', () => {
    expect(orderState({ paid: false, shipped: false })).toBe('unpaid');
    expect(orderState({ paid: true, shipped: true })).toBe('shipped');
    expect(orderState({ state: 'refunded', paid: true, shipped: false })).toBe('refunded');
  });

  it('lists every state in the filter’s error message', () => {
    expect(InputMessages.orderState).toBe(`state must be one of ${ORDER_STATE_FILTERS.join(', ')}`);
    expect(statesOf('returns')).toEqual(['return_requested', 'return_approved', 'return_received']);
    expect(statesOf('paid')).toEqual(['paid']);
  });
});
