import type { Order } from '@toolshop/contracts';
import { adminActionsOf } from './order-actions';

type Facts = Pick<Order, 'state' | 'allowedActions' | 'paid' | 'shipped'>;

describe('adminActionsOf', () => {
  it('offers exactly what the API allows, in the row’s order', () => {
    const paid: Facts = { state: 'paid', paid: true, shipped: false };
    expect(adminActionsOf({ ...paid, allowedActions: ['refund', 'ship'] })).toEqual([
      'ship',
      'refund',
    ]);
    // The API decides: no action it leaves out, even one the lifecycle would allow.
    expect(adminActionsOf({ ...paid, allowedActions: [] })).toEqual([]);
    // A customer's action in the list is never an admin's button.
    expect(
      adminActionsOf({ state: 'unpaid', paid: false, shipped: false, allowedActions: ['pay'] }),
    ).toEqual([]);
  });

  it('falls back on the lifecycle for admins when the API does not say', () => {
    const of = (facts: Facts) => adminActionsOf(facts);
    expect(of({ state: 'unpaid', paid: false, shipped: false })).toEqual(['cancel']);
    expect(of({ state: 'paid', paid: true, shipped: false })).toEqual(['ship', 'refund']);
    expect(of({ state: 'shipped', paid: true, shipped: true })).toEqual(['deliver', 'refund']);
    expect(of({ state: 'delivered', paid: true, shipped: true })).toEqual(['refund']);
    expect(of({ state: 'return_requested', paid: true, shipped: true })).toEqual([
      'approveReturn',
      'rejectReturn',
    ]);
    expect(of({ state: 'return_approved', paid: true, shipped: true })).toEqual(['receiveReturn']);
    expect(of({ state: 'return_received', paid: true, shipped: true })).toEqual(['refund']);
    for (const state of ['refunded', 'cancelled', 'expired'] as const) {
      expect(of({ state, paid: state === 'refunded', shipped: false })).toEqual([]);
    }
    // A company's order on account: the admin records its payment; one awaiting the company's
    // approval is the company's to decide (an admin may only cancel it).
    expect(of({ state: 'on_account', paid: false, shipped: false })).toEqual(['recordPayment']);
    expect(of({ state: 'awaiting_approval', paid: false, shipped: false })).toEqual(['cancel']);
    // An API from before states: paid and shipped say where the order is.
    expect(of({ paid: true, shipped: false })).toEqual(['ship', 'refund']);
    expect(of({ paid: false, shipped: false })).toEqual(['cancel']);
  });
});
