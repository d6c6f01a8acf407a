import { useState } from 'react';
import { formatDate, TrustMessages } from '@toolshop/contracts';
import { Badge, Button, Stars } from '@toolshop/ui';
import { DataTable } from '@toolshop/ui/tables';
import { EmailText } from '@toolshop/ui/text';
import { PagedList } from '../../components/paged-list';
import { REVIEWS_PAGE_SIZE, useAdminReviewsPage } from './api/admin-reviews';
import { useSetReviewHidden } from './api/set-review-hidden';
import styles from './manage-reviews.module.css';

/** Every review, newest first, a page at a time: Hide takes one out of the public list, Unhide brings it back. */
export function ReviewsTable() {
  const [page, setPage] = useState(1);
  const query = useAdminReviewsPage(page);
  const setHidden = useSetReviewHidden();
  const busyWith = setHidden.isPending ? setHidden.variables?.review._id : undefined;

  return (
    <PagedList
      query={query}
      page={page}
      pageSize={REVIEWS_PAGE_SIZE}
      onPage={setPage}
      errorTitle="The reviews could not be loaded."
      emptyTitle={TrustMessages.noReviews}
      pagerLabel="Review pages"
    >
      {(reviews) => (
        <DataTable
          caption="All reviews, newest first"
          rows={reviews}
          rowKey={(review) => review._id}
          busy={query.isPlaceholderData}
          columns={[
            {
              // The stars under the words, as the shop shows a review: the author's email gets the
              // width a column of stars took (at 1280 px it broke over three lines).
              header: 'Review',
              kind: 'rowHeader',
              className: styles.opinion,
              cell: (review) => (
                <span className={styles.review}>
                  {review.opinion}
                  <Stars rating={review.rating} />
                </span>
              ),
            },
            {
              header: 'Author',
              className: styles.author,
              stacked: true,
              cell: (review) => (
                <>
                  {review.customerName}
                  <small>
                    <EmailText email={review.email} />
                  </small>
                </>
              ),
            },
            {
              header: 'Date',
              width: '8rem',
              cell: (review) => (review.createdAt ? formatDate(review.createdAt) : ''),
            },
            {
              header: 'Status',
              width: '9.5rem',
              cell: (review) => (
                <span className={styles.marks}>
                  {review.hidden ? (
                    <Badge tone="warning">{TrustMessages.hidden}</Badge>
                  ) : (
                    <Badge>Public</Badge>
                  )}
                  {review.verifiedBuyer && (
                    <Badge tone="success">{TrustMessages.verifiedBuyer}</Badge>
                  )}
                </span>
              ),
            },
            {
              header: 'Actions',
              kind: 'actions',
              width: '6.5rem',
              cell: (review) => (
                <Button
                  size="small"
                  variant={review.hidden ? 'secondary' : 'primary'}
                  disabled={busyWith === review._id}
                  aria-label={`${review.hidden ? TrustMessages.unhide : TrustMessages.hide} the review by ${review.customerName}: ${review.opinion.slice(0, 40)}`}
                  onClick={() => setHidden.mutate({ review, hidden: !review.hidden })}
                >
                  {review.hidden ? TrustMessages.unhide : TrustMessages.hide}
                </Button>
              ),
            },
          ]}
        />
      )}
    </PagedList>
  );
}
