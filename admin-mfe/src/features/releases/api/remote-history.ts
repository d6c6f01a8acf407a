// GET <registry>/history?limit: the remote registry's record of every release, activation, canary,
// promotion, rollback and refusal, newest first, read with the admin's own API token
// (the registry asks the API whether it is an admin's). The registry's URL comes from /config.json.
import { getAccessToken, serviceRequest } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';

/** The newest entries shown: the history is bounded, not paged. */
export const REMOTE_HISTORY_LIMIT = 100;

export interface RemoteHistoryEntry {
  remote: string;
  action: 'release' | 'activate' | 'canary' | 'promote' | 'rollback' | 'refused';
  /** The version it made live (null: back to the shell's built-in map). */
  version: string | null;
  /** What was live before, for activations and rollbacks. */
  from?: string | null;
  percent?: number;
  by: string;
  reason: string | null;
  automatic?: boolean;
  at: string;
}

export const remoteHistoryKey = ['remoteHistory'] as const;

async function fetchHistory(
  signal: AbortSignal,
): Promise<{ items: RemoteHistoryEntry[]; total: number }> {
  const { body } = await serviceRequest('registry', `/history?limit=${REMOTE_HISTORY_LIMIT}`, {
    token: getAccessToken(),
    signal,
    fallback: (status) => `The registry answered ${status}.`,
  });
  const items = body as RemoteHistoryEntry[];
  return { items, total: items.length };
}

export function useRemoteHistory() {
  return useDeferredQuery({
    queryKey: remoteHistoryKey,
    queryFn: ({ signal }) => fetchHistory(signal),
    // Teams release at any time: a visit shows what happened since the last one.
    refetchOnMount: 'always',
  });
}
