// GET /adminReviews?limit&page: one page of every review, hidden ones too, newest first.
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Review } from '@toolshop/contracts';

export const REVIEWS_PAGE_SIZE = 20;

export const adminReviewsKeys = {
  all: queryRoots.reviews,
  page: (page: number) => [...queryRoots.reviews, 'list', page] as const,
};

export function useAdminReviewsPage(page: number) {
  return useDeferredQuery({
    queryKey: adminReviewsKeys.page(page),
    queryFn: ({ signal }) =>
      api.getPage<Review>(`/adminReviews?limit=${REVIEWS_PAGE_SIZE}&page=${page}`, {
        signal,
        signOutOnAuthError: true,
      }),
    placeholderData: keepPreviousData,
  });
}
