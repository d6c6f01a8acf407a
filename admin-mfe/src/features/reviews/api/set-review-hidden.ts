// PATCH /reviews/{id} { hidden }: an admin hides a review from the public list, or shows it again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import { type ModifiedAnswer, type Review, TrustMessages } from '@toolshop/contracts';
import { adminReviewsKeys } from './admin-reviews';

export interface ReviewVisibilityChange {
  review: Review;
  hidden: boolean;
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, hidden }: ReviewVisibilityChange) =>
      api.patch<ModifiedAnswer>(`/reviews/${review._id}`, { hidden }, { idempotent: true }),
    meta: {
      success: (_answer, variables) =>
        (variables as ReviewVisibilityChange).hidden
          ? TrustMessages.reviewHidden
          : TrustMessages.reviewShown,
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminReviewsKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
      ]),
  });
}
