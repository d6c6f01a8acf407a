import { useAuth } from '@toolshop/auth';
import { ErrorState, LoadingGroup, PageTitle, Skeleton } from '@toolshop/ui';
import { useMyCompany } from '../features/company/api/company';
import { CompanyOverview } from '../features/company/company-overview';
import { CreateCompanyForm } from '../features/company/create-company-form';
import styles from './page.module.css';

/** /dashboard/company: the caller's company, or a form to create one. */
export default function CompanyPage() {
  const me = useAuth((state) => state.user?.email ?? '');
  const { data, error, isPending: loading, refetch } = useMyCompany();

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="My Company">My Company</PageTitle>
      {loading ? (
        <LoadingGroup label="Loading your company">
          <Skeleton height="10rem" />
        </LoadingGroup>
      ) : error && data === undefined ? (
        <ErrorState message="Your company could not be loaded." onRetry={() => void refetch()} />
      ) : data ? (
        <CompanyOverview company={data} me={me} />
      ) : (
        <CreateCompanyForm />
      )}
    </div>
  );
}
