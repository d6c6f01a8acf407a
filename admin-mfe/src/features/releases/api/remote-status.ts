// GET <registry>/status: what each remote runs now: its active release, or
// none (the built-in version, the build the shop was started with), and a canary if one runs.
// Read like the history, with the admin's own API token.
import { useQuery } from '@tanstack/react-query';
import { getAccessToken, getRuntimeConfig } from '@toolshop/auth';

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
  const { registryUrl } = getRuntimeConfig();
  if (!registryUrl) throw new Error('This shop runs without a remote registry.');
  const response = await fetch(`${registryUrl}/status`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${getAccessToken() ?? ''}` },
    signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok || !body || typeof body !== 'object') {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new Error(
      typeof message === 'string' ? message : `The registry answered ${response.status}.`,
    );
  }
  return body as RemoteStatus;
}

export function useRemoteStatus() {
  return useQuery({
    queryKey: remoteStatusKey,
    queryFn: ({ signal }) => fetchStatus(signal),
    refetchOnMount: 'always',
  });
}
