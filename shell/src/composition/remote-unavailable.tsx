import { useContext } from 'react';
import { ErrorState } from '@toolshop/ui';
import { RemoteRetryContext } from './remote-retry-context';
import type { RemoteName } from './remote-map';

const areaName: Record<RemoteName, string> = {
  storefront: 'The shop',
  dashboard: 'The dashboard',
  admin: 'The admin area',
};

/** The fallback shown in the page area when a remote is down; the navbar and other areas keep working. */
export function RemoteUnavailable({ remote }: { remote?: RemoteName }) {
  const retry = useContext(RemoteRetryContext);
  return (
    <ErrorState title={`${remote ? areaName[remote] : 'This part of the shop'} is not available right now.`} onRetry={retry ?? undefined}>
      Please try again in a moment.
    </ErrorState>
  );
}
