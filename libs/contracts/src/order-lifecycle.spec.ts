import { InputMessages } from './messages';
import {
  allowedActions,
  AccountMessages,
  ApprovalMessages,
  isOverdue,
  NOT_SPENT_STATES,
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

  it('lets a company’s approver approve or decline an order awaiting approval, nobody else', () => {
    expect(allowedActions('awaiting_approval', ['approver'])).toEqual([
      'approve',
      'approveOnAccount',
      'decline',
    ]);
    expect(allowedActions('awaiting_approval', ['customer'])).toEqual(['cancel']);
    expect(allowedActions('awaiting_approval', ['admin'])).toEqual(['cancel']);
    expect(allowedActions('awaiting_approval', ['system'])).toEqual(['expire']);
    expect(nextState('approve', 'awaiting_approval')).toBe('unpaid');
    expect(nextState('decline', 'awaiting_approval')).toBe('declined');
    expect(ORDER_TRANSITIONS.decline.releasesStock).toBe(true);
    expect(allowedActions('declined', ['customer', 'admin', 'system', 'approver'])).toEqual([]);
    for (const state of ORDER_STATES.filter((state) => state !== 'awaiting_approval'))
      expect(allowedActions(state, ['approver'])).toEqual([]);
  });

  it('refuses to pay an order awaiting approval, and counts a declined one as not spent', () => {
    expect(refusalOf('pay', 'awaiting_approval')).toBe(ApprovalMessages.awaiting);
    expect(refusalOf('approve', 'unpaid')).toBe(
      'This order is not awaiting approval: it is unpaid',
    );
    expect(refusalOf('approve', 'declined')).toBe('This order is declined: it cannot be approved');
    expect(refusalOf('decline', 'declined')).toBe('This order is already declined');
    expect(NOT_SPENT_STATES).toEqual(['cancelled', 'expired', 'declined', 'refunded']);
    expect(NOT_SPENT_STATES).not.toContain('awaiting_approval');
  });

  it('takes an order on account to paid only by an admin recording the payment', () => {
    expect(allowedActions('on_account', ['admin'])).toEqual(['recordPayment']);
    expect(allowedActions('on_account', ['customer'])).toEqual([]);
    expect(nextState('recordPayment', 'on_account')).toBe('paid');
    expect(refusalOf('pay', 'on_account')).toBe(AccountMessages.onAccount);
    expect(refusalOf('recordPayment', 'paid')).toBe('This order is already paid');
    const due = new Date('2026-12-01T00:00:00Z');
    const now = new Date('2026-12-02T00:00:00Z');
    expect(isOverdue({ state: 'on_account', dueAt: due.toISOString() }, now)).toBe(true);
    expect(isOverdue({ state: 'on_account', dueAt: now.toISOString() }, due)).toBe(false);
    expect(isOverdue({ state: 'paid', dueAt: due.toISOString() }, now)).toBe(false);
  });

  it('reaches every state from where an order is placed, and never goes back to awaiting approval', () => {
    const reached = new Set<string>(['awaiting_approval', 'unpaid']);
    for (let round = 0; round < ORDER_STATES.length; round++)
      for (const action of Object.keys(ORDER_TRANSITIONS) as OrderAction[])
        for (const state of [...reached]) {
          const next = nextState(action, state as OrderState);
          if (next) reached.add(next);
        }
    expect([...reached].sort()).toEqual([...ORDER_STATES].sort());
    for (const action of Object.keys(ORDER_TRANSITIONS) as OrderAction[])
      for (const state of ORDER_STATES)
        expect(nextState(action, state)).not.toBe('awaiting_approval');
  });

  it('keeps an order going after a refund of some of its units', () => {
    expect(nextState('refundPart', 'paid')).toBe('paid');
    expect(nextState('refundPart', 'shipped')).toBe('shipped');
    expect(nextState('refundPart', 'return_received')).toBe('delivered');
    expect(nextState('refundPart', 'unpaid')).toBeUndefined();
    expect(nextState('refund', 'delivered')).toBe('refunded');
  });

  it('gives stock back only for units still in the warehouse', () => {
    expect(ORDER_STATES.filter(holdsGoods)).toEqual([
      'awaiting_approval',
      'unpaid',
      'on_account',
      'paid',
      'return_received',
    ]);
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
