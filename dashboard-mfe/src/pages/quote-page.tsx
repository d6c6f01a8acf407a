import { Link, useParams } from 'react-router';
import { ApiError } from '@toolshop/auth';
import { ErrorState, LoadingGroup, PageTitle, Skeleton } from '@toolshop/ui';
import { QuoteDetail } from '../features/quotes/quote-detail';
import { useQuote } from '../features/quotes/api/quotes';
import styles from './page.module.css';

/** /dashboard/quotes/:id: one quote, its prices and messages; accept or decline it. */
export default function QuotePage() {
  const { id = '' } = useParams();
  const { data, error, isPending: loading, refetch } = useQuote(id);

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="Quote">Quote</PageTitle>
      <p>
        <Link to="/dashboard/quotes">All quotes</Link>
      </p>
      {loading && !data ? (
        <LoadingGroup label="Loading the quote">
          <Skeleton height="12rem" />
        </LoadingGroup>
      ) : error && !data ? (
        <ErrorState
          message={
            error instanceof ApiError && error.status === 404
              ? error.message
              : 'The quote could not be loaded.'
          }
          onRetry={() => void refetch()}
        />
      ) : data ? (
        <QuoteDetail quote={data} />
      ) : null}
    </div>
  );
}
