import { COMPANY_ROLE_LABELS, formatDollars, type Company } from '@toolshop/contracts';
import { DataTable } from '@toolshop/ui/tables';
import styles from './companies.module.css';

/** The company's people and their roles (their owners manage them on My Company). */
export function CompanyMembersSection({ company }: { company: Company }) {
  return (
    <section className={styles.section} aria-labelledby="company-members">
      <h2 id="company-members" className={styles.heading}>
        Members
      </h2>
      <DataTable
        caption={`Members of ${company.name}`}
        rows={company.members}
        rowKey={(member) => member.email}
        columns={[
          {
            header: 'Email',
            kind: 'rowHeader',
            className: styles.wrap,
            cell: (member) => member.email,
          },
          { header: 'Role', cell: (member) => COMPANY_ROLE_LABELS[member.role] },
          {
            header: 'Monthly limit',
            kind: 'numeric',
            cell: (member) =>
              member.monthlyLimit === undefined ? 'None' : formatDollars(member.monthlyLimit),
          },
        ]}
      />
    </section>
  );
}
