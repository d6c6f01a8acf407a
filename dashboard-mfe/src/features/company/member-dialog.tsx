import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field } from '@toolshop/ui';
import { monthlyLimitError, type CompanyMember, type CompanyRole } from '@toolshop/contracts';
import { useChangeMember } from './api/company';
import { RoleSelect } from './role-select';
import styles from './company.module.css';

/** An owner changes one member's role and monthly limit (blank: no limit). */
export function MemberDialog({
  companyId,
  member,
  onClose,
}: {
  companyId: string;
  member: CompanyMember;
  onClose: () => void;
}) {
  const [role, setRole] = useState<CompanyRole>(member.role);
  const [limit, setLimit] = useState(member.monthlyLimit?.toString() ?? '');
  const [error, setError] = useState<string>();
  const change = useChangeMember(companyId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const monthlyLimit = limit.trim() === '' ? null : Number(limit.trim());
    const problem = monthlyLimitError(monthlyLimit);
    setError(problem);
    if (problem) return;
    change.mutate({ email: member.email, change: { role, monthlyLimit } }, { onSuccess: onClose });
  };

  return (
    <Dialog open title={`Edit ${member.email}`} onClose={onClose}>
      <form className={styles.fields} onSubmit={submit} noValidate>
        <RoleSelect value={role} onChange={setRole} />
        <Field
          label="Monthly limit in dollars (blank: no limit)"
          inputMode="numeric"
          value={limit}
          error={error}
          onChange={(event) => setLimit(event.target.value)}
        />
        {change.isError && (
          <p role="alert" className={styles.error}>
            {change.error.message}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
