import { RATING_MAX, type Review } from '@toolshop/contracts';
import { ErrorState, LoadingGroup, Skeleton, Stars } from '@toolshop/ui';
import { useToolReviews } from './api/tool-reviews';
import { CardGrid } from '../../components/card-grid';
import { ReviewCard } from './review-card';
import styles from './tool-reviews.module.css';

/** "4.5": the mean of the ratings, one decimal (no Intl: see README). */
export function averageRating(reviews: readonly Pick<Review, 'rating'>[]): string {
  if (reviews.length === 0) return '0';
  const mean = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
  return String(Math.round(mean * 10) / 10);
}

const reviewCount = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/** The tool page's reviews: a star summary, then each review with its badge. */
export function ToolReviews({ toolId }: { toolId: string }) {
  const { data, error, isPending, refetch } = useToolReviews(toolId);
  return (
    <section className={styles.section} aria-labelledby="tool-reviews-title">
      <h2 id="tool-reviews-title" className={styles.title}>
        Reviews
      </h2>
      {isPending ? (
        <LoadingGroup label="Loading reviews">
          <Skeleton width="12rem" height="1.4rem" />
          <Skeleton height="5rem" />
        </LoadingGroup>
      ) : error ? (
        <ErrorState title="The reviews could not be loaded" onRetry={() => void refetch()}>
          Please check your connection and try again.
        </ErrorState>
      ) : data.items.length === 0 ? (
        <p className={styles.empty}>
          No reviews of this tool yet. Bought it? Add a review from your dashboard.
        </p>
      ) : (
        <>
          <p className={styles.summary} data-testid="review-summary">
            {/* The figure beside it says it exactly (whole stars round 4.5 up). */}
            <span aria-hidden="true">
              <Stars rating={Number(averageRating(data.items))} />
            </span>
            <span>
              <strong>{averageRating(data.items)}</strong> out of {RATING_MAX} ·{' '}
              {reviewCount(data.total ?? data.items.length)}
            </span>
          </p>
          <CardGrid min="18rem">
            {data.items.map((review) => (
              <ReviewCard key={review._id} review={review} />
            ))}
          </CardGrid>
        </>
      )}
    </section>
  );
}
