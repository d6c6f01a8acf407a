import { useState } from 'react';
import { Badge, Button } from '@toolshop/ui';
import { DataTable } from '@toolshop/ui/tables';
import { PagedList } from '../../components/paged-list';
import { USERS_PAGE_SIZE, useUsersPage } from './api/users-page';
import styles from './make-admin.module.css';

/** All users with their role, a page at a time; 'Assign Admin' on each customer. */
export function UsersTable({ onAssign }: { onAssign: (email: string) => void }) {
  const [page, setPage] = useState(1);
  const query = useUsersPage(page);
  return (
    <PagedList
      query={query}
      page={page}
      pageSize={USERS_PAGE_SIZE}
      onPage={setPage}
      errorTitle="The users could not be loaded."
      emptyTitle="No users yet"
      pagerLabel="User pages"
    >
      {(users) => (
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
      )}
    </PagedList>
  );
}
