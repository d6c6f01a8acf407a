import { useState } from 'react';
import { Button, ConfirmDialog } from '@toolshop/ui';
import { DataTable, type DataColumn } from '@toolshop/ui/tables';
import { EmailText } from '@toolshop/ui/text';
import {
  COMPANY_ROLE_LABELS,
  formatDollars,
  type Company,
  type CompanyMember,
} from '@toolshop/contracts';
import { useRemoveMember } from './api/company';
import { MemberDialog } from './member-dialog';
import styles from './company.module.css';

/** The company's members; owners edit roles and limits and remove members. */
export function MembersTable({ company, me }: { company: Company; me: string }) {
  const owner = company.role === 'owner';
  const [editing, setEditing] = useState<CompanyMember>();
  const [removing, setRemoving] = useState<CompanyMember>();
  const remove = useRemoveMember(company._id);

  const columns: DataColumn<CompanyMember>[] = [
    {
      header: 'Email',
      kind: 'rowHeader',
      cell: (member) => (
        <span className={styles.email}>
          <EmailText email={member.email} />
          {member.email === me ? ' (you)' : ''}
        </span>
      ),
    },
    { header: 'Role', cell: (member) => COMPANY_ROLE_LABELS[member.role] },
    {
      header: 'Monthly limit',
      kind: 'numeric',
      cell: (member) =>
        member.monthlyLimit === undefined ? 'No limit' : formatDollars(member.monthlyLimit),
    },
  ];
  if (owner)
    columns.push({
      header: 'Actions',
      kind: 'actions',
      cell: (member) => (
        <>
          <Button
            size="small"
            variant="secondary"
            aria-label={`Edit ${member.email}`}
            onClick={() => setEditing(member)}
          >
            Edit
          </Button>
          <Button
            size="small"
            variant="danger"
            aria-label={`Remove ${member.email}`}
            onClick={() => {
              remove.reset();
              setRemoving(member);
            }}
          >
            Remove
          </Button>
        </>
      ),
    });

  return (
    <>
      <DataTable
        caption="Members"
        columns={columns}
        rows={company.members}
        rowKey={(member) => member.email}
      />
      {editing && (
        <MemberDialog
          companyId={company._id}
          member={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove ${removing?.email ?? ''}?`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() =>
          removing && remove.mutate(removing.email, { onSuccess: () => setRemoving(undefined) })
        }
      >
        <p>They will no longer order for {company.name}.</p>
        {remove.isError && (
          <p role="alert" className={styles.error}>
            {remove.error.message}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
