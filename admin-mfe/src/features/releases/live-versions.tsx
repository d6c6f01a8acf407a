import { ErrorState, Skeleton } from '@toolshop/ui';
import { remoteNames } from '@toolshop/routes';
import { formatDateTime } from '@toolshop/contracts';
import { useRemoteStatus, type LiveVersion } from './api/remote-status';
import styles from './releases-table.module.css';

const since = (live: LiveVersion) => formatDateTime(live.since, { seconds: true });

/** What each remote runs now: its active release or the built-in version, and a canary if any. */
export function LiveVersions() {
  const query = useRemoteStatus();
  if (query.error) {
    return (
      <ErrorState title="What is live could not be loaded." onRetry={() => void query.refetch()}>
        {query.error.message}
      </ErrorState>
    );
  }
  if (!query.data) return <Skeleton height="6rem" />;
  const status = query.data;
  const remotes = Object.keys(status).length > 0 ? Object.keys(status) : [...remoteNames];
  return (
    <ul className={styles.live} aria-label="Live now">
      {remotes.map((remote) => {
        const { active = null, canary = null } = status[remote] ?? {};
        return (
          <li key={remote}>
            <strong>{remote}</strong>:{' '}
            {active ? (
              <>
                release <span className={styles.wrap}>{active.version}</span>, live since{' '}
                {since(active)}
              </>
            ) : (
              'built-in version (the build the shop was started with)'
            )}
            {canary && (
              <>
                ; canary <span className={styles.wrap}>{canary.version}</span> to{' '}
                {canary.percent ?? '?'} % of visitors since {since(canary)}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** How a team puts a new version of its remote live (README "Releasing a remote"). */
export function HowToRelease() {
  return (
    <ol className={styles.steps}>
      <li>
        <strong>Release</strong>: the team runs{' '}
        <code>npm run release -w @toolshop/&lt;remote&gt;-mfe</code> (storefront, dashboard or
        admin) from a clean commit. It uploads the build and records it here; nothing changes for
        visitors yet.
      </li>
      <li>
        <strong>Preview</strong>:{' '}
        <code>npm run remotes -- preview &lt;remote&gt; &lt;version&gt;</code> prints a link that
        shows that version to one browser.
      </li>
      <li>
        <strong>Activate</strong>:{' '}
        <code>
          npm run remotes -- activate &lt;remote&gt; &lt;version&gt; --reason &quot;…&quot;
        </code>
        , with <code>--percent 10</code> a canary for one visitor in ten (<code>promote</code> gives
        it to everyone, <code>rollback</code> returns to the version before). Visitors get it from
        their next page load; one whose page loads fail falls back by itself.
      </li>
    </ol>
  );
}
