import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingGroup, PageTitle, Skeleton } from '@toolshop/ui';
import { SavedListCards } from '../features/quick-order/saved-list-card';
import { useSavedLists } from '../features/quick-order/api/saved-lists';
import { useMyCompany } from '../features/company/api/company';
import styles from './page.module.css';

/** /dashboard/lists: the customer's saved lists, each ordered again in two clicks. */
export default function SavedListsPage() {
  const { data, error, isPending: loading, refetch } = useSavedLists();
  const company = useMyCompany();

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="Saved Lists">Saved Lists</PageTitle>
      {loading && !data ? (
        <LoadingGroup label="Loading your saved lists" className={styles.stack}>
          {[0, 1].map((i) => (
            <Skeleton key={i} height="10rem" />
          ))}
        </LoadingGroup>
      ) : error && !data ? (
        <ErrorState
          message="Your saved lists could not be loaded."
          onRetry={() => void refetch()}
        />
      ) : !data?.length ? (
        <EmptyState
          title="No saved lists yet"
          message="Check your lines in Quick Order, then save them as a list to order them again in two clicks."
          action={<Link to="/dashboard/quickOrder">Go to Quick Order</Link>}
        />
      ) : (
        <SavedListCards lists={data} canShare={Boolean(company.data)} />
      )}
    </div>
  );
}
