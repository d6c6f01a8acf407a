import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@toolshop/ui';
import { COMPANY_ROLE_LABELS, CompanyMessages } from '@toolshop/contracts';
import { useAcceptInvitation } from './api/company';
import styles from './company.module.css';

/** The emailed link's page: accept the invitation the token names, and say what happened. */
export function JoinInvitation({ token }: { token: string }) {
  const accept = useAcceptInvitation();
  const result = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (accept.isSuccess || accept.isError) result.current?.focus();
  }, [accept.isSuccess, accept.isError]);

  if (!token)
    return (
      <p role="alert" className={styles.error}>
        {CompanyMessages.invitationNotFound}
      </p>
    );

  return (
    <div className={styles.panel}>
      {accept.isSuccess ? (
        <div ref={result} tabIndex={-1} role="status">
          <h2 className={styles.title}>{CompanyMessages.joined(accept.data.companyName)}</h2>
          <p className={styles.hint}>
            Your role: {COMPANY_ROLE_LABELS[accept.data.role]}.{' '}
            <Link to="/dashboard/company">See your company</Link>
          </p>
        </div>
      ) : accept.isError ? (
        <div ref={result} tabIndex={-1} role="alert">
          <h2 className={styles.title}>The invitation could not be accepted</h2>
          <p className={styles.error}>{accept.error.message}</p>
          <p className={styles.hint}>
            <Link to="/dashboard/company">Go to My Company</Link>
          </p>
        </div>
      ) : (
        <>
          <p className={styles.hint}>
            You were invited to order for a company. Accepting adds you to it as a member.
          </p>
          <div className={styles.actions}>
            <Button onClick={() => accept.mutate(token)} disabled={accept.isPending}>
              {accept.isPending ? 'Joining…' : 'Accept invitation'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
