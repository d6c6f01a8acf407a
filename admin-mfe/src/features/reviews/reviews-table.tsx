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
              header: 'Review',
              kind: 'rowHeader',
              className: styles.opinion,
              cell: (review) => review.opinion,
            },
            { header: 'Rating', cell: (review) => <Stars rating={review.rating} /> },
            {
              header: 'Author',
              className: styles.author,
              cell: (review) => (
                <>
                  {review.customerName}
                  <br />
                  <small>
                    <EmailText email={review.email} />
                  </small>
                </>
              ),
            },
            {
              header: 'Date',
              cell: (review) => (review.createdAt ? formatDate(review.createdAt) : ''),
            },
            {
              header: 'Status',
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
