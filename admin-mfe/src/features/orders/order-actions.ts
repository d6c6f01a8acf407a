import { allowedActions, orderState, type Order, type OrderAction } from '@toolshop/contracts';

/** The actions Manage All Orders offers on a row, in this order (pay, expire and asking for a return are not an admin's). */
export const ADMIN_ORDER_ACTIONS = [
  'recordPayment',
  'ship',
  'deliver',
  'approveReturn',
  'rejectReturn',
  'receiveReturn',
  'refund',
  'cancel',
] as const satisfies readonly OrderAction[];
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

/**
 * The row's actions: what the API says this admin may do now, or, from an API from before the
 * lifecycle (or a row changed here since it was read), the lifecycle's rule for admins.
 */
export function adminActionsOf(
  order: Pick<Order, 'state' | 'allowedActions' | 'paid' | 'shipped'>,
): AdminOrderAction[] {
  const allowed = order.allowedActions ?? allowedActions(orderState(order), ['admin']);
  return ADMIN_ORDER_ACTIONS.filter((action) => allowed.includes(action));
}
