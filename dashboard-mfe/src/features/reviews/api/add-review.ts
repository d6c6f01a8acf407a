// POST /reviews: the API takes the reviewer's email and name from the token.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { Messages, type NewReview } from '@toolshop/contracts';
import { reviewsKeys } from './my-reviews';

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: NewReview) => api.post<unknown>('/reviews', review, { idempotent: true }),
    meta: { success: Messages.reviewAdded },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKeys.all }),
  });
}
