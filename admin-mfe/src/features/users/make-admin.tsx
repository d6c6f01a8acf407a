import { useAssignAdminDialog } from './assign-admin-dialog';
import { AssignAdminForm } from './assign-admin-form';
import { UsersTable } from './users-table';

/** The Make Admin page's content: assign by email, or from the list of all users. */
export function MakeAdmin() {
  const { ask, dialog } = useAssignAdminDialog();
  return (
    <>
      <AssignAdminForm onAssign={ask} />
      <UsersTable onAssign={ask} />
      {dialog}
    </>
  );
}
