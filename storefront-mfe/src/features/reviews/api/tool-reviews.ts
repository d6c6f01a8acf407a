// GET /reviews?toolId=: one product's reviews, newest first, with their total.
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import { LIST_MAX_LIMIT, type Review } from '@toolshop/contracts';

export const toolReviewsKey = (toolId: string) => [...queryRoots.reviews, 'tool', toolId] as const;

/** One tool's reviews: what its page reads, and what a prefetch puts in the cache before it. */
export const toolReviewsQuery = (toolId: string) => ({
  queryKey: toolReviewsKey(toolId),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.getPage<Review>(
      `/reviews?toolId=${encodeURIComponent(toolId)}&limit=${LIST_MAX_LIMIT}&page=1`,
      { signal },
    ),
});

export function useToolReviews(toolId: string) {
  return useDeferredQuery(toolReviewsQuery(toolId));
}
