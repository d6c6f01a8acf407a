// PATCH /returns/{id}: an admin approves a customer's return, refuses it with a reason, or receives
// the goods back, which refunds the order (409 with the API's reason when its state does not allow it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { formatDollars, type Order, type OrderState } from '@toolshop/contracts';
import { keepChangedOrderInPlace, reloadOrders } from './order-change';

export type ReturnDecision = 'approve' | 'reject' | 'receive';

export interface ReturnDecisionCall {
  order: Order;
  decision: ReturnDecision;
  /** Required to refuse: the customer reads it. */
  reason?: string;
}

interface DecisionAnswer {
  refund?: { amount: number };
}

const STATE_AFTER: Record<ReturnDecision, OrderState> = {
  approve: 'return_approved',
  reject: 'delivered',
  receive: 'refunded',
};

export const ReturnMessages = {
  approve: 'Return approved',
  reject: 'Return refused',
  receive: (amount: number) => `Return received: refunded ${formatDollars(amount)}`,
} as const;

export function useDecideReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, decision, reason }: ReturnDecisionCall) =>
      api.patch<DecisionAnswer>(
        `/returns/${encodeURIComponent(order._id)}`,
        { decision, ...(reason?.trim() && { reason: reason.trim() }) },
        { idempotent: true },
      ),
    meta: {
      success: (answer, call) => {
        const { decision, order } = call as ReturnDecisionCall;
        if (decision !== 'receive') return ReturnMessages[decision];
        return ReturnMessages.receive(
          (answer as DecisionAnswer).refund?.amount ?? order.totalPrice,
        );
      },
    },
    // A return of some units leaves the order delivered, refunded in part: read again.
    onSuccess: (_answer, { order, decision }) =>
      decision === 'receive' && order.return?.lines
        ? reloadOrders(queryClient)
        : keepChangedOrderInPlace(queryClient, order._id, { state: STATE_AFTER[decision] }),
    onError: () => reloadOrders(queryClient),
  });
}
