import { Button, EmptyState, ErrorState, Skeleton } from '@toolshop/ui';
import { Pager } from '../../components/pager';
import table from '../../components/data-table.module.css';
import { usePagedList } from '../../lib/use-paged-list';
import type { UserRow } from './assign-admin';

export const USERS_PAGE_SIZE = 20;

interface UsersTableProps {
  /** Emails made admin since the page was loaded. */
  promoted: ReadonlySet<string>;
  onAssign: (email: string) => void;
}

/** All users with their role, a page at a time; 'Assign Admin' on each customer. */
export function UsersTable({ promoted, onAssign }: UsersTableProps) {
  const {
    items: users,
    total,
    page,
    setPage,
    error,
    loading,
    reload,
  } = usePagedList<UserRow>((n) => `/user?limit=${USERS_PAGE_SIZE}&page=${n}`);

  if (error) {
    return (
      <ErrorState title="The users could not be loaded." onRetry={reload}>
        {error.message}
      </ErrorState>
    );
  }
  if (loading && !users) return <Skeleton height="12rem" />;
  if (!users || users.length === 0) return <EmptyState title="No users yet" />;

  return (
    <>
      <div className={table.card} aria-busy={loading}>
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
              const isAdmin = user.role === 'admin' || promoted.has(user.email);
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
        total={total}
        shown={users.length}
        label="User pages"
        onPage={setPage}
      />
    </>
  );
}
