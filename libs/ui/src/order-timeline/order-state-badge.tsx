import {
  isOverdue,
  ORDER_STATE_LABELS,
  orderState,
  type Order,
  type OrderState,
} from '@toolshop/contracts';
import { Badge, type BadgeTone } from '../table/badge';

/** How each state of the order lifecycle looks: waiting on the customer, under way, done, or closed. */
export const ORDER_STATE_TONES: Readonly<Record<OrderState, BadgeTone>> = {
  awaiting_approval: 'warning',
  unpaid: 'warning',
  on_account: 'info',
  paid: 'info',
  shipped: 'success',
  delivered: 'success',
  return_requested: 'warning',
  return_approved: 'info',
  return_received: 'info',
  refunded: 'neutral',
  cancelled: 'neutral',
  expired: 'neutral',
  declined: 'neutral',
};

/**
 * An order's state as a badge, named as the lifecycle names it (both remotes' tables show it), with
 * "refunded in part" beside it while the order goes on after a refund of some units.
 */
export function OrderStateBadge({
  order,
}: {
  order: Pick<Order, 'state' | 'paid' | 'shipped' | 'refunds' | 'dueAt'>;
}) {
  const state = orderState(order);
  const part = state !== 'refunded' && (order.refunds?.length ?? 0) > 0;
  return (
    <>
      <Badge tone={ORDER_STATE_TONES[state]}>{ORDER_STATE_LABELS[state]}</Badge>
      {isOverdue({ state, dueAt: order.dueAt }) ? <Badge tone="warning">Overdue</Badge> : null}
      {part ? <Badge tone="neutral">Refunded in part</Badge> : null}
    </>
  );
}
