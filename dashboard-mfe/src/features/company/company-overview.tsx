import { COMPANY_ROLE_LABELS, formatDate, type Company } from '@toolshop/contracts';
import { ApprovalsPanel } from './approvals-panel';
import { Button } from '@toolshop/ui';
import { useWithdrawInvitation } from './api/company';
import { CompanySettingsForm } from './company-settings-form';
import { InviteForm } from './invite-form';
import { MembersTable } from './members-table';
import styles from './company.module.css';

/** The caller's company: its details, members and, for owners, invitations. */
export function CompanyOverview({ company, me }: { company: Company; me: string }) {
  const details = [
    ['Tax ID', company.taxId],
    ['Billing address', company.billingAddress],
    ['Delivery address', company.deliveryAddress],
  ] as const;
  return (
    <>
      <section className={styles.panel} aria-labelledby="company-name">
        <h2 id="company-name" className={styles.title}>
          {company.name}
        </h2>
        {company.role && (
          <p className={styles.hint}>Your role: {COMPANY_ROLE_LABELS[company.role]}</p>
        )}
        <dl className={styles.details}>
          {details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value ?? 'Not provided'}</dd>
            </div>
          ))}
        </dl>
      </section>
      {(company.role === 'owner' || company.role === 'approver') && <ApprovalsPanel me={me} />}
      <MembersTable company={company} me={me} />
      {company.role === 'owner' && (
        <>
          <CompanySettingsForm company={company} />
          <InviteForm companyId={company._id} />
          {company.invitations && company.invitations.length > 0 && (
            <section className={styles.panel} aria-labelledby="pending-title">
              <h2 id="pending-title" className={styles.title}>
                Pending invitations
              </h2>
              <ul className={styles.details}>
                {company.invitations.map((invitation) => (
                  <li key={invitation._id} className={styles.email}>
                    {invitation.email}, {COMPANY_ROLE_LABELS[invitation.role].toLowerCase()}, valid
                    until {formatDate(invitation.expiresAt)}{' '}
                    <WithdrawButton companyId={company._id} email={invitation.email} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </>
  );
}

/** Withdraws a pending invitation: its link stops working. */
function WithdrawButton({ companyId, email }: { companyId: string; email: string }) {
  const withdraw = useWithdrawInvitation(companyId);
  return (
    <Button
      size="small"
      variant="secondary"
      aria-label={`Withdraw the invitation of ${email}`}
      disabled={withdraw.isPending}
      onClick={() => withdraw.mutate(email)}
    >
      Withdraw
    </Button>
  );
}
