import { useLocation } from 'react-router';
import { EmptyState, ErrorState, LoadingGroup, PageTitle, Skeleton } from '@toolshop/ui';
import { QuoteRequestForm } from '../features/quotes/quote-request-form';
import { QuotesTable } from '../features/quotes/quotes-table';
import { useQuotes } from '../features/quotes/api/quotes';
import { readQuoteRequestState } from '../lib/quote-request-state';
import styles from './page.module.css';

/** /dashboard/quotes: ask the shop for prices on a list of products; the caller's and company's quotes. */
export default function QuotesPage() {
  const { data, error, isPending: loading, refetch } = useQuotes();
  // Lines handed over by Quick Order's Request a quote.
  const location = useLocation();
  const handed = readQuoteRequestState(location.state);

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="Quotes">Quotes</PageTitle>
      <QuoteRequestForm key={location.key} initialLines={handed} />
      {loading && !data ? (
        <LoadingGroup label="Loading your quotes">
          <Skeleton height="8rem" />
        </LoadingGroup>
      ) : error && !data ? (
        <ErrorState message="Your quotes could not be loaded." onRetry={() => void refetch()} />
      ) : !data?.length ? (
        <EmptyState
          title="No quotes yet"
          message="Ask for prices on large or regular orders: we answer with a price per line."
        />
      ) : (
        <QuotesTable quotes={data} />
      )}
    </div>
  );
}
