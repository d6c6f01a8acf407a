// GET /reviews: every customer review, newest first.
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Review } from '@toolshop/contracts';

export function useReviews() {
  return useDeferredQuery({
    queryKey: [...queryRoots.reviews, 'all'],
    // Not kept once the home page is left: after a crash of the page (e.g. an answer that is no list),
    // its Retry asks the API again instead of rendering the same answer.
    gcTime: 0,
    queryFn: ({ signal }) => api.get<Review[]>('/reviews', { signal }),
  });
}
