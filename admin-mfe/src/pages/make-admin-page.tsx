import { PageTitle } from '@toolshop/ui';
import { MakeAdmin } from '../features/users/make-admin';

export default function MakeAdminPage() {
  return (
    <>
      <PageTitle documentTitle="Make Admin">Make Admin</PageTitle>
      <MakeAdmin />
    </>
  );
}
