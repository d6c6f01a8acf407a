import { PageTitle } from '@toolshop/ui';
import { HowToRelease, LiveVersions } from '../features/releases/live-versions';
import { ReleasesTable } from '../features/releases/releases-table';
import styles from '../features/releases/releases-table.module.css';

export default function RemoteReleasesPage() {
  return (
    <>
      <PageTitle documentTitle="Remote Releases">Remote Releases</PageTitle>
      <h2 className={styles.section}>Live now</h2>
      <LiveVersions />
      <h2 className={styles.section}>History</h2>
      <ReleasesTable />
      <h2 className={styles.section}>How a team releases</h2>
      <HowToRelease />
    </>
  );
}
