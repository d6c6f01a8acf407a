import type { RemoteMap, RemoteName } from './remote-map';

/** What the shell reports per remote and version: a failed load, a caught render error, a good load. */
export type BeaconKind = 'load' | 'render' | 'ok';

export interface Beacon {
  remote: RemoteName;
  version: string;
  kind: BeaconKind;
  message: string;
}

export const BEACON_URL = '/remotes/beacon';
const MAX_MESSAGE = 500;

let versions: Partial<Record<RemoteName, string>> = {};
const loaded = new Set<RemoteName>();

/** The versions of this page load's remote map (a bare URL has none: reported as ''). */
export function setBeaconVersions(map: RemoteMap): void {
  versions = Object.fromEntries(Object.entries(map).map(([name, location]) => [name, location.version ?? '']));
  loaded.clear();
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error ?? '')).slice(0, MAX_MESSAGE);

export function beaconOf(remote: RemoteName, kind: BeaconKind, error?: unknown): Beacon {
  return { remote, version: versions[remote] ?? '', kind, message: kind === 'ok' ? '' : messageOf(error) };
}

/**
 * Tells the remote registry (same origin) how a remote did: its error rate per version decides a
 * canary. `ok` goes once per page load and remote (the rate's denominator). Never throws: a missing
 * endpoint or a browser without sendBeacon costs the visitor nothing.
 */
export function reportRemote(remote: RemoteName, kind: BeaconKind, error?: unknown): void {
  if (kind === 'ok') {
    if (loaded.has(remote)) return;
    loaded.add(remote);
  }
  try {
    // A JSON string: sent as text/plain, a simple request (a JSON Blob type is refused by some browsers).
    navigator.sendBeacon?.(BEACON_URL, JSON.stringify(beaconOf(remote, kind, error)));
  } catch {
    // reporting is best effort
  }
}
