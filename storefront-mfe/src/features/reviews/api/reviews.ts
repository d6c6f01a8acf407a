// GET /reviews: customer reviews, newest first. The home page reads the first few with the total of
// all, and the rest only when asked for (the API answers at most LIST_MAX_LIMIT of them).
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import { LIST_MAX_LIMIT, type Review } from '@toolshop/contracts';

/** How many reviews the home page shows at first. */
export const FIRST_REVIEWS = 6;

/** The newest FIRST_REVIEWS reviews and the total of all: what the home page shows first. */
export const reviewsQuery = () => ({
  queryKey: [...queryRoots.reviews, 'first', FIRST_REVIEWS],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.getPage<Review>(`/reviews?limit=${FIRST_REVIEWS}&page=1`, { signal }),
});

export function useReviews() {
  return useDeferredQuery(reviewsQuery());
}

/** The newest LIST_MAX_LIMIT reviews, read once `wanted`. */
export function useNewestReviews(wanted: boolean) {
  return useQuery({
    queryKey: [...queryRoots.reviews, 'newest', LIST_MAX_LIMIT],
    queryFn: ({ signal }) =>
      api.get<Review[]>(`/reviews?limit=${LIST_MAX_LIMIT}&page=1`, { signal }),
    enabled: wanted,
  });
}
