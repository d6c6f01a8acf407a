import { Badge, EmptyState, ErrorState, LoadingGroup, Skeleton, Stars } from '@toolshop/ui';
import { type Review, TrustMessages } from '@toolshop/contracts';
import styles from './reviews.module.css';

interface MyReviewsProps {
  reviews: Review[] | null | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The signed-in user's own reviews as the API lists them; hidden ones marked (only the author sees them). */
export function MyReviews({ reviews, loading, error, onRetry }: MyReviewsProps) {
  return (
    <section className={styles.mine} aria-labelledby="my-reviews-title">
      <h2 id="my-reviews-title" className={styles.mineTitle}>
        Your reviews
      </h2>
      {loading && !reviews ? (
        <LoadingGroup label="Loading your reviews" className={styles.list}>
          <Skeleton height="6rem" />
          <Skeleton height="6rem" />
        </LoadingGroup>
      ) : error && !reviews ? (
        <ErrorState message="Your reviews could not be loaded." onRetry={onRetry} />
      ) : !reviews?.length ? (
        <EmptyState title="No reviews yet" message="Your reviews appear here once you post one." />
      ) : (
        <ul className={styles.list}>
          {reviews.map((review) => (
            <li key={review._id} className={styles.review}>
              <Stars rating={review.rating} />
              <p className={styles.opinion}>{review.opinion}</p>
              <p className={styles.author}>{review.customerName}</p>
              {(review.hidden || review.verifiedBuyer) && (
                <p className={styles.marks}>
                  {review.hidden && <Badge tone="warning">{TrustMessages.hidden}</Badge>}
                  {review.verifiedBuyer && (
                    <Badge tone="success">{TrustMessages.verifiedBuyer}</Badge>
                  )}
                  {review.hidden && <span>{TrustMessages.hiddenNote}</span>}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
