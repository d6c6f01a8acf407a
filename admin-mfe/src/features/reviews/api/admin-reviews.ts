// GET /adminReviews?limit&page: one page of every review, hidden ones too, newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { Review } from '@toolshop/contracts';
import { queryRoots } from '../../../lib/query-keys';

export const REVIEWS_PAGE_SIZE = 20;

export const adminReviewsKeys = {
  all: queryRoots.adminReviews,
  page: (page: number) => [...queryRoots.adminReviews, 'list', page] as const,
};

export function useAdminReviewsPage(page: number) {
  return useQuery({
    queryKey: adminReviewsKeys.page(page),
    queryFn: ({ signal }) =>
      api.getPage<Review>(`/adminReviews?limit=${REVIEWS_PAGE_SIZE}&page=${page}`, {
        signal,
        signOutOnAuthError: true,
      }),
    placeholderData: keepPreviousData,
  });
}
