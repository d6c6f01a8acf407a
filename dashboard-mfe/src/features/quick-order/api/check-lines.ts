// POST /quickOrders/check: each line's product, unit price, line total and problem, in the order sent.
import { useMutation } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { OrderLineInput, QuickOrderCheck } from '@toolshop/contracts';

export function useCheckLines() {
  return useMutation({
    mutationFn: (lines: OrderLineInput[]) =>
      api.post<QuickOrderCheck>('/quickOrders/check', { lines }),
    // The page shows the refusal beside the lines.
    meta: { quiet: true },
  });
}
