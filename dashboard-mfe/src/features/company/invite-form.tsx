import { useState, type FormEvent } from 'react';
import { Button, Field } from '@toolshop/ui';
import { INVITATION_VALID_DAYS, validateInvitation, type CompanyRole } from '@toolshop/contracts';
import { useInvite } from './api/company';
import { RoleSelect } from './role-select';
import styles from './company.module.css';

/** An owner invites someone by email: the API mails them a single-use link. */
export function InviteForm({ companyId }: { companyId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('buyer');
  const [error, setError] = useState<string>();
  const invite = useInvite(companyId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateInvitation({ email, role });
    setError(found.email);
    if (found.email) {
      document.getElementById('invite-email')?.focus();
      return;
    }
    invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.title}>
        Invite a member
      </h2>
      <p className={styles.hint}>
        They get an email with a link to join, valid {INVITATION_VALID_DAYS} days.
      </p>
      <div className={styles.inline}>
        <Field
          id="invite-email"
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <RoleSelect value={role} onChange={setRole} />
      </div>
      {invite.isError && (
        <p role="alert" className={styles.error}>
          {invite.error.message}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
