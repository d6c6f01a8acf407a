// GET /reviews: every customer review, newest first.
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Review } from '@toolshop/contracts';

export const reviewsQuery = () => ({
  queryKey: [...queryRoots.reviews, 'all'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.get<Review[]>('/reviews', { signal }),
});

export function useReviews() {
  return useDeferredQuery(reviewsQuery());
}
