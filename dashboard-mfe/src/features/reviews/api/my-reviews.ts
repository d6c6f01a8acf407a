// GET /userReviews?email=: the signed-in user's own reviews.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Review } from '@toolshop/contracts';

export const reviewsKeys = {
  /** Every list of reviews (the user's, the home page's): what a new review invalidates. */
  all: queryRoots.reviews,
  of: (email: string) => [...queryRoots.reviews, 'mine', email] as const,
};

/** Waits for the user (undefined while the session loads). */
export function useMyReviews(email: string | undefined) {
  return useQuery({
    queryKey: reviewsKeys.of(email ?? ''),
    queryFn: ({ signal }) =>
      api.get<Review[]>(`/userReviews?email=${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: email !== undefined,
  });
}
