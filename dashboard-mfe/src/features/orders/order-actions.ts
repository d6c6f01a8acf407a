import { allowedActions, orderState, type Order, type OrderAction } from '@toolshop/contracts';

/**
 * What the customer may do with the order now: what the API says, or, from an API from before the
 * lifecycle, the lifecycle's rule for customers (pay or cancel an unpaid order).
 */
export function customerActionsOf(
  order: Pick<Order, 'state' | 'allowedActions' | 'paid' | 'shipped'>,
): OrderAction[] {
  return order.allowedActions ?? allowedActions(orderState(order), ['customer']);
}
