import { useState } from 'react';
import { Badge, Button, EmptyState, ErrorState, Skeleton } from '@toolshop/ui';
import { DataTable } from '@toolshop/ui/tables';
import { Pager, useStepBackFromEmptyPage } from '../../components/pager';
import { USERS_PAGE_SIZE, useUsersPage } from './api/users-page';
import styles from './make-admin.module.css';

/** All users with their role, a page at a time; 'Assign Admin' on each customer. */
export function UsersTable({ onAssign }: { onAssign: (email: string) => void }) {
  const [page, setPage] = useState(1);
  const query = useUsersPage(page);
  const steppingBack = useStepBackFromEmptyPage(page, query.data?.items, setPage);
  const users = steppingBack ? undefined : query.data?.items;

  if (query.error) {
    return (
      <ErrorState title="The users could not be loaded." onRetry={() => void query.refetch()}>
        {query.error.message}
      </ErrorState>
    );
  }
  if (!users) return <Skeleton height="12rem" />;
  if (users.length === 0) return <EmptyState title="No users yet" />;

  return (
    <>
      <DataTable
        caption="All users"
        rows={users}
        rowKey={(user) => user.email}
        busy={query.isPlaceholderData}
        columns={[
          { header: 'Email', className: styles.wrap, cell: (user) => user.email },
          {
            header: 'Role',
            cell: (user) =>
              user.role === 'admin' ? <Badge tone="info">Admin</Badge> : <Badge>Customer</Badge>,
          },
          {
            header: 'Actions',
            kind: 'actions',
            cell: (user) =>
              user.role !== 'admin' && (
                <Button
                  size="small"
                  onClick={() => onAssign(user.email)}
                  aria-label={`Assign Admin to ${user.email}`}
                >
                  Assign Admin
                </Button>
              ),
          },
        ]}
      />
      <Pager
        page={page}
        pageSize={USERS_PAGE_SIZE}
        total={query.data?.total ?? 0}
        shown={users.length}
        label="User pages"
        onPage={setPage}
      />
    </>
  );
}
