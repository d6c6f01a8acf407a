// GET /userReviews?email=: the signed-in user's own reviews.
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Review } from '@toolshop/contracts';

export const reviewsKeys = {
  /** Every list of reviews (the user's, the home page's): what a new review invalidates. */
  all: queryRoots.reviews,
  of: (email: string) => [...queryRoots.reviews, 'mine', email] as const,
};

/** Waits for the user (undefined while the session loads). */
export function useMyReviews(email: string | undefined) {
  return useDeferredQuery({
    queryKey: reviewsKeys.of(email ?? ''),
    queryFn: ({ signal }) =>
      api.get<Review[]>(`/userReviews?email=${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: email !== undefined,
  });
}
