import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import type { Company } from '@toolshop/contracts';
import { ErrorState, PageTitle, Skeleton } from '@toolshop/ui';
import { useAdminCompany } from '../features/companies/api/admin-company';
import { CompanyMembersSection } from '../features/companies/company-members-section';
import { PaymentTermsSection } from '../features/companies/payment-terms-section';
import { PriceListSection } from '../features/companies/price-list-section';

/** The company page's sections, in order: each is a component of its own file. */
const sections: ReadonlyArray<[key: string, Section: ComponentType<{ company: Company }>]> = [
  ['members', CompanyMembersSection],
  ['prices', PriceListSection],
  ['terms', PaymentTermsSection],
];

export default function CompanyAdminPage() {
  const { id = '' } = useParams();
  const query = useAdminCompany(id);
  const company = query.data;
  return (
    <>
      <PageTitle documentTitle={company ? `${company.name} · Companies` : 'Company'}>
        {company?.name ?? 'Company'}
      </PageTitle>
      <p>
        <Link to="/dashboard/companies">All companies</Link>
      </p>
      {query.error ? (
        <ErrorState title="The company could not be loaded." onRetry={() => void query.refetch()}>
          {query.error.message}
        </ErrorState>
      ) : company ? (
        sections.map(([key, Section]) => <Section key={key} company={company} />)
      ) : (
        <Skeleton height="12rem" />
      )}
    </>
  );
}
