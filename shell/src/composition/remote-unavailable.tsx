import { useContext } from 'react';
import { compositionSignals, unavailableTitle } from '@toolshop/routes';
import { ErrorState } from '@toolshop/ui';
import { RemoteRetryContext } from './remote-retry-context';
import type { RemoteName } from './remote-map';

/**
 * The fallback shown in the page area when a remote is down; the navbar and other areas keep working.
 * Marked with `data-remote-fallback` (compositionSignals of @toolshop/routes): the registry's smoke
 * check refuses a candidate that shows it.
 */
export function RemoteUnavailable({ remote }: { remote?: RemoteName }) {
  const retry = useContext(RemoteRetryContext);
  const marker = {
    [compositionSignals.fallbackAttribute]: 'unavailable',
    'data-remote': remote ?? '',
  };
  return (
    <div {...marker}>
      <ErrorState title={unavailableTitle(remote)} onRetry={retry ?? undefined}>
        Please try again in a moment.
      </ErrorState>
    </div>
  );
}
