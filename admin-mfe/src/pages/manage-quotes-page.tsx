import { PageTitle } from '@toolshop/ui';
import { QuotesAdminTable } from '../features/quotes/quotes-admin-table';

export default function ManageQuotesPage() {
  return (
    <>
      <PageTitle documentTitle="Manage Quotes">Manage Quotes</PageTitle>
      <QuotesAdminTable />
    </>
  );
}
