import { useApiQuery, useAuth } from '@toolshop/auth';
import { PageTitle } from '@toolshop/ui';
import type { Review } from '@toolshop/contracts';
import { ReviewForm } from '../features/reviews/review-form';
import { MyReviews } from '../features/reviews/my-reviews';
import { userReviewsPath } from '../features/reviews/reviews-api';
import styles from './page.module.css';

/** Post a review (shown on the home page) and see the ones already posted. */
export default function AddReviewPage() {
  const user = useAuth((s) => s.user);
  const { data, error, loading, reload } = useApiQuery<Review[]>(user ? userReviewsPath(user.email) : null);

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="Add A Review">Add A Review</PageTitle>
      <ReviewForm onAdded={reload} />
      <MyReviews reviews={data} loading={loading || !user} error={error} onRetry={reload} />
    </div>
  );
}
