import { AssignAdminForm } from './assign-admin-form';
import { UsersTable } from './users-table';
import { useAssignAdmin } from './use-assign-admin';

/** The Make Admin page's content: assign by email, or from the list of all users. */
export function MakeAdmin() {
  const { ask, promoted, dialog } = useAssignAdmin();
  return (
    <>
      <AssignAdminForm onAssign={ask} />
      <UsersTable promoted={promoted} onAssign={ask} />
      {dialog}
    </>
  );
}
