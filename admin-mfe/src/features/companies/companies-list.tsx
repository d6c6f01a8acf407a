import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { COMPANY_SEARCH_MAX_LENGTH } from '@toolshop/contracts';
import { Button, Field } from '@toolshop/ui';
import { DataTable } from '@toolshop/ui/tables';
import { PagedList } from '../../components/paged-list';
import { COMPANIES_PAGE_SIZE, useAdminCompanies } from './api/admin-companies';
import styles from './companies.module.css';

/** Every company, found by part of its name, each a link to its page. */
export function CompaniesList() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [text, setText] = useState('');
  const query = useAdminCompanies(page, search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearch(text.trim());
  };
  return (
    <>
      <form role="search" aria-label="Search companies" className={styles.search} onSubmit={submit}>
        <Field
          label="Company name"
          type="search"
          value={text}
          maxLength={COMPANY_SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <PagedList
        query={query}
        page={page}
        pageSize={COMPANIES_PAGE_SIZE}
        onPage={setPage}
        errorTitle="The companies could not be loaded."
        emptyTitle={search ? `No company called "${search}"` : 'No companies yet'}
        pagerLabel="Company pages"
      >
        {(companies) => (
          <DataTable
            caption="Companies"
            rows={companies}
            rowKey={(company) => company._id}
            busy={query.isPlaceholderData}
            columns={[
              {
                header: 'Company',
                kind: 'rowHeader',
                className: styles.wrap,
                cell: (company) => (
                  <Link to={`/dashboard/companies/${company._id}`}>{company.name}</Link>
                ),
              },
              { header: 'Members', kind: 'numeric', cell: (company) => company.members },
              {
                header: 'Discount',
                kind: 'numeric',
                cell: (company) => (company.discountPercent ? `${company.discountPercent}%` : '—'),
              },
              { header: 'Fixed prices', kind: 'numeric', cell: (company) => company.fixedPrices },
            ]}
          />
        )}
      </PagedList>
    </>
  );
}
