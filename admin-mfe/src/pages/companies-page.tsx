import { PageTitle } from '@toolshop/ui';
import { CompaniesList } from '../features/companies/companies-list';

export default function CompaniesPage() {
  return (
    <>
      <PageTitle documentTitle="Companies">Companies</PageTitle>
      <CompaniesList />
    </>
  );
}
