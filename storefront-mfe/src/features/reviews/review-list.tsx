import { useState } from 'react';
import { LIST_MAX_LIMIT } from '@toolshop/contracts';
import { Button, Skeleton } from '@toolshop/ui';
import { AnchorSection } from '../../components/anchor-section';
import { QueryContent } from '../../components/query-content';
import { SectionHeading } from '../../components/section-heading';
import { CardGrid } from '../../components/card-grid';
import { useReviews } from './api/reviews';
import { ReviewCard } from './review-card';
import styles from './review-list.module.css';

/** Shown at first; the rest opens on request so a long history does not bury the page. */
const FIRST_REVIEWS = 6;

/** Customer reviews, newest first (the API's order). The hero links here through the `reviews` anchor. */
export function ReviewList() {
  const query = useReviews();
  const [showAll, setShowAll] = useState(false);

  return (
    <AnchorSection id="reviews" labelledBy="reviews-title">
      <SectionHeading
        id="reviews-title"
        eyebrow="Customer reviews"
        title="What the trade says about us"
      />
      <QueryContent
        query={query}
        errorTitle="The reviews could not be loaded"
        empty={{
          title: 'No reviews yet',
          text: 'Bought from us? Share your experience from your dashboard.',
        }}
        skeleton={
          // As many as come first (a shop has that many): the section keeps its height when they do.
          <CardGrid min="18rem" aria-busy="true" aria-label="Loading reviews">
            {Array.from({ length: FIRST_REVIEWS }, (_, i) => (
              <li key={i} className={styles.card}>
                <Skeleton width="6rem" height="1.1rem" />
                <Skeleton height="4.5rem" />
                <Skeleton width="40%" height="1rem" />
              </li>
            ))}
          </CardGrid>
        }
      >
        {(reviews) => {
          const shown = showAll ? reviews : reviews.slice(0, FIRST_REVIEWS);
          // A list the API cut at its limit is not all of them.
          const whole = reviews.length < LIST_MAX_LIMIT ? 'all' : 'the newest';
          return (
            <>
              <CardGrid min="18rem">
                {shown.map((review) => (
                  <ReviewCard key={review._id} review={review} />
                ))}
              </CardGrid>
              {reviews.length > FIRST_REVIEWS && (
                <Button
                  variant="secondary"
                  className={styles.more}
                  onClick={() => setShowAll((v) => !v)}
                >
                  {showAll ? 'Show fewer reviews' : `Show ${whole} ${reviews.length} reviews`}
                </Button>
              )}
            </>
          );
        }}
      </QueryContent>
    </AnchorSection>
  );
}
