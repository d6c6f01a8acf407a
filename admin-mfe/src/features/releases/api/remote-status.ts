// GET <registry>/status: what each remote runs now: its active release, or
// none (the built-in version, the build the shop was started with), and a canary if one runs.
// Read like the history, with the admin's own API token.
import { getAccessToken, serviceRequest } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';

export interface LiveVersion {
  version: string;
  since: string;
  /** A canary's share of page loads. */
  percent?: number;
}

export type RemoteStatus = Record<
  string,
  { active: LiveVersion | null; canary: LiveVersion | null }
>;

export const remoteStatusKey = ['remoteStatus'] as const;

async function fetchStatus(signal: AbortSignal): Promise<RemoteStatus> {
  const { body } = await serviceRequest('registry', '/status', {
    token: getAccessToken(),
    signal,
    fallback: (status) => `The registry answered ${status}.`,
  });
  if (!body || typeof body !== 'object') throw new Error('The registry answered no status.');
  return body as RemoteStatus;
}

export function useRemoteStatus() {
  return useDeferredQuery({
    queryKey: remoteStatusKey,
    queryFn: ({ signal }) => fetchStatus(signal),
    refetchOnMount: 'always',
  });
}
