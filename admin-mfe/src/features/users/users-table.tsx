import { useState } from 'react';
import { Button, EmptyState, ErrorState, Skeleton } from '@toolshop/ui';
import { Pager, useStepBackFromEmptyPage } from '../../components/pager';
import table from '../../components/data-table.module.css';
import { USERS_PAGE_SIZE, useUsersPage } from './api/users-page';

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
      <div className={table.card} aria-busy={query.isFetching}>
        <table className={table.table}>
          <caption>All users</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col" className={table.actions}>
                <span className={table.srOnly}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const isAdmin = user.role === 'admin';
              return (
                <tr key={user.email}>
                  <td data-label="Email" className={table.wrap}>
                    {user.email}
                  </td>
                  <td data-label="Role">
                    <span className={isAdmin ? `${table.badge} ${table.badgeInfo}` : table.badge}>
                      {isAdmin ? 'Admin' : 'Customer'}
                    </span>
                  </td>
                  <td className={table.actions}>
                    {!isAdmin && (
                      <Button
                        size="small"
                        onClick={() => onAssign(user.email)}
                        aria-label={`Assign Admin to ${user.email}`}
                      >
                        Assign Admin
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
