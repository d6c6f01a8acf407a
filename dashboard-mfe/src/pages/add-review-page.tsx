import { useAuth } from '@toolshop/auth';
import { PageTitle } from '@toolshop/ui';
import { ReviewForm } from '../features/reviews/review-form';
import { MyReviews } from '../features/reviews/my-reviews';
import { useMyReviews } from '../features/reviews/api/my-reviews';
import styles from './page.module.css';

/** Post a review (shown on the home page) and see the ones already posted. */
export default function AddReviewPage() {
  const user = useAuth((s) => s.user);
  const { data, error, isPending: loading, refetch } = useMyReviews(user?.email);

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="Add A Review">Add A Review</PageTitle>
      <ReviewForm />
      <MyReviews reviews={data} loading={loading || !user} error={error} onRetry={() => void refetch()} />
    </div>
  );
}
