import { useState } from 'react';
import { LIST_MAX_LIMIT } from '@toolshop/contracts';
import { Button, ErrorState, Skeleton } from '@toolshop/ui';
import { AnchorSection } from '../../components/anchor-section';
import { QueryContent } from '../../components/query-content';
import { SectionHeading } from '../../components/section-heading';
import { CardGrid } from '../../components/card-grid';
import { FIRST_REVIEWS, useNewestReviews, useReviews } from './api/reviews';
import { ReviewCard } from './review-card';
import styles from './review-list.module.css';

/** Customer reviews, newest first (the API's order). The hero links here through the `reviews` anchor. */
export function ReviewList() {
  const first = useReviews();
  // The rest opens on request, so a long history neither buries the page nor weighs on its load.
  const [showAll, setShowAll] = useState(false);
  const newest = useNewestReviews(showAll);
  const total = first.data?.total ?? 0;

  return (
    <AnchorSection id="reviews" labelledBy="reviews-title">
      <SectionHeading
        id="reviews-title"
        eyebrow="Customer reviews"
        title="What the trade says about us"
      />
      <QueryContent
        query={{ ...first, data: first.data?.items }}
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
        {(firstReviews) => {
          const shown = showAll && newest.data ? newest.data : firstReviews;
          // The API answers at most LIST_MAX_LIMIT: more than that are not all of them.
          const more = total > LIST_MAX_LIMIT ? `the newest ${LIST_MAX_LIMIT}` : `all ${total}`;
          return (
            <>
              <CardGrid min="18rem">
                {shown.map((review) => (
                  <ReviewCard key={review._id} review={review} />
                ))}
              </CardGrid>
              {showAll && newest.error && (
                <ErrorState
                  title="The other reviews could not be loaded"
                  onRetry={() => void newest.refetch()}
                >
                  Please check your connection and try again.
                </ErrorState>
              )}
              {total > FIRST_REVIEWS && (
                <Button
                  variant="secondary"
                  className={styles.more}
                  aria-busy={showAll && newest.isPending}
                  onClick={() => setShowAll((v) => !v)}
                >
                  {!showAll
                    ? `Show ${more} reviews`
                    : newest.isPending
                      ? 'Loading the reviews…'
                      : 'Show fewer reviews'}
                </Button>
              )}
            </>
          );
        }}
      </QueryContent>
    </AnchorSection>
  );
}
