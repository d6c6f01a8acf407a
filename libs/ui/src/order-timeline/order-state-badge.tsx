import { ORDER_STATE_LABELS, orderState, type Order, type OrderState } from '@toolshop/contracts';
import { Badge, type BadgeTone } from '../table/data-table';

/** How each state of the order lifecycle looks: waiting on the customer, under way, done, or closed. */
export const ORDER_STATE_TONES: Readonly<Record<OrderState, BadgeTone>> = {
  unpaid: 'warning',
  paid: 'info',
  shipped: 'success',
  delivered: 'success',
  return_requested: 'warning',
  return_approved: 'info',
  return_received: 'info',
  refunded: 'neutral',
  cancelled: 'neutral',
  expired: 'neutral',
};

/** An order's state as a badge, named as the lifecycle names it (both remotes' tables show it). */
export function OrderStateBadge({ order }: { order: Pick<Order, 'state' | 'paid' | 'shipped'> }) {
  const state = orderState(order);
  return <Badge tone={ORDER_STATE_TONES[state]}>{ORDER_STATE_LABELS[state]}</Badge>;
}
