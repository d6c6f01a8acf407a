// Orders awaiting approval: GET /companies/mine/approvals (owners and approvers) and
// POST /orders/{id}/approval (approve, or decline with a reason).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import {
  ApprovalMessages,
  type ApprovalInput,
  type OrderAwaitingApproval,
} from '@toolshop/contracts';

export const approvalsKey = ['company', 'approvals'] as const;

export function useAwaitingApprovals(enabled: boolean) {
  return useDeferredQuery({
    queryKey: approvalsKey,
    queryFn: ({ signal }) =>
      api.get<OrderAwaitingApproval[]>('/companies/mine/approvals', { signal }),
    enabled,
  });
}

/** Whatever the answer, the list is read again (a refusal means another approver decided). */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, decision }: { orderId: string; decision: ApprovalInput }) =>
      api.post<{ state: string }>(`/orders/${encodeURIComponent(orderId)}/approval`, decision),
    meta: {
      quiet: true,
      success: (_answer: unknown, variables: unknown) =>
        (variables as { decision: ApprovalInput }).decision.approve
          ? ApprovalMessages.approved
          : ApprovalMessages.declined,
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}
