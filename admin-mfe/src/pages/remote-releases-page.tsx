import { PageTitle } from '@toolshop/ui';
import { ReleasesTable } from '../features/releases/releases-table';

export default function RemoteReleasesPage() {
  return (
    <>
      <PageTitle documentTitle="Remote Releases">Remote Releases</PageTitle>
      <ReleasesTable />
    </>
  );
}
