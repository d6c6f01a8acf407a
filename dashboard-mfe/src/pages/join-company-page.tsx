import { useSearchParams } from 'react-router';
import { PageTitle } from '@toolshop/ui';
import { JoinInvitation } from '../features/company/join-invitation';
import styles from './page.module.css';

/** /dashboard/company/join?token=…: the page an invitation email links to. */
export default function JoinCompanyPage() {
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <PageTitle documentTitle="Join a company">Join a company</PageTitle>
      <JoinInvitation token={params.get('token') ?? ''} />
    </div>
  );
}
