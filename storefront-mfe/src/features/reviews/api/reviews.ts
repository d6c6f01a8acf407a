// GET /reviews: every customer review, newest first.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { Review } from '@toolshop/contracts';
import { queryRoots } from '../../../lib/query-keys';

export function useReviews() {
  return useQuery({
    queryKey: [...queryRoots.reviews, 'all'],
    queryFn: ({ signal }) => api.get<Review[]>('/reviews', { signal }),
  });
}
