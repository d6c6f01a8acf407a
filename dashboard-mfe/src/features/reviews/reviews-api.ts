import { api } from '@toolshop/auth';
import type { NewReview } from '@toolshop/contracts';

export const userReviewsPath = (email: string) => `/userReviews?email=${encodeURIComponent(email)}`;

/** The API takes the reviewer's email and name from the token. */
export function addReview(review: NewReview) {
  return api.post<unknown>('/reviews', review);
}
