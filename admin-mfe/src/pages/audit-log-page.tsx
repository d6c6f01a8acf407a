import { PageTitle } from '@toolshop/ui';
import { AuditTable } from '../features/audit/audit-table';

export default function AuditLogPage() {
  return (
    <>
      <PageTitle documentTitle="Audit Log">Audit Log</PageTitle>
      <AuditTable />
    </>
  );
}
