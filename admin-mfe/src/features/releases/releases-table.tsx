import { DataTable } from '@toolshop/ui/tables';
import { formatDateTime } from '@toolshop/contracts';
import { PagedList } from '../../components/paged-list';
import {
  REMOTE_HISTORY_LIMIT,
  useRemoteHistory,
  type RemoteHistoryEntry,
} from './api/remote-history';
import styles from './releases-table.module.css';

const actionLabels: Record<RemoteHistoryEntry['action'], string> = {
  release: 'Released',
  activate: 'Activated',
  canary: 'Canary',
  promote: 'Promoted',
  rollback: 'Rolled back',
  refused: 'Refused',
};

/** What the entry changed: the version, what it replaced, the canary's share. */
export function versionText(entry: RemoteHistoryEntry): string {
  const version = entry.version ?? 'built-in';
  if (entry.action === 'canary') return `${version} to ${entry.percent ?? '?'} %`;
  if (entry.from !== undefined && entry.action !== 'release' && entry.action !== 'refused') {
    return `${entry.from ?? 'built-in'} → ${version}`;
  }
  return version;
}

/** Every release of the remotes and what became of it, newest first (the latest 100). */
export function ReleasesTable() {
  const query = useRemoteHistory();
  return (
    <PagedList
      query={query}
      page={1}
      pageSize={REMOTE_HISTORY_LIMIT}
      onPage={() => undefined}
      errorTitle="The release history could not be loaded."
      emptyTitle="No remote releases recorded yet: every remote runs its built-in version"
      pagerLabel="Release history pages"
    >
      {(entries) => (
        <DataTable
          caption={`Releases of the remotes, newest first (the latest ${REMOTE_HISTORY_LIMIT})`}
          rows={entries}
          rowKey={(entry) => `${entry.at}-${entry.remote}-${entry.action}-${entry.version ?? ''}`}
          columns={[
            {
              header: 'When',
              cell: (entry) => (
                <time dateTime={entry.at}>{formatDateTime(entry.at, { seconds: true })}</time>
              ),
            },
            { header: 'Remote', cell: (entry) => entry.remote },
            {
              header: 'Action',
              kind: 'rowHeader',
              cell: (entry) =>
                `${actionLabels[entry.action] ?? entry.action}${entry.automatic ? ' (automatic)' : ''}`,
            },
            { header: 'Version', className: styles.wrap, cell: (entry) => versionText(entry) },
            { header: 'Who', className: styles.wrap, cell: (entry) => entry.by },
            { header: 'Why', className: styles.wrap, cell: (entry) => entry.reason ?? '' },
          ]}
        />
      )}
    </PagedList>
  );
}
