import { useMemo } from 'react';
import { useAuth } from '@toolshop/auth';
import { PageTitle } from '@toolshop/ui';
import { ReviewForm } from '../features/reviews/review-form';
import { boughtTools } from '../features/reviews/bought-tools';
import { useMyOrders } from '../features/orders/api/my-orders';
import { MyReviews } from '../features/reviews/my-reviews';
import { useMyReviews } from '../features/reviews/api/my-reviews';
import styles from './page.module.css';

/** Post a review (shown on the home page, and on the tool's page if it names one) and see the ones already posted. */
export default function AddReviewPage() {
  const user = useAuth((s) => s.user);
  const { data, error, isPending: loading, refetch } = useMyReviews(user?.email);
  const orders = useMyOrders(user?.email);
  const tools = useMemo(() => boughtTools(orders.data), [orders.data]);

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="Add A Review">Add A Review</PageTitle>
      <ReviewForm tools={tools} />
      <MyReviews
        reviews={data}
        loading={loading || !user}
        error={error}
        onRetry={() => void refetch()}
      />
    </div>
  );
}
