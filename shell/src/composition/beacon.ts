import { compositionSignals } from '@toolshop/routes';
import { beaconIdOfPageLoad, type RemoteMap, type RemoteName } from './remote-map';

/** What the shell reports per remote and version: a failed load, a caught render error, a good load. */
export type BeaconKind = 'load' | 'render' | 'ok';

export interface Beacon {
  remote: RemoteName;
  version: string;
  kind: BeaconKind;
  message: string;
  /** this page load's beacon id (signed by the shell's server with the map it served; '' without one) */
  id: string;
}

/** A failure the composition caught in this page load (listed on window for the registry's smoke check). */
export interface CompositionFailure {
  remote: RemoteName;
  kind: Exclude<BeaconKind, 'ok'>;
  message: string;
}

export const BEACON_URL = '/remotes/beacon';
const MAX_MESSAGE = 500;

let versions: Partial<Record<RemoteName, string>> = {};
// What this page load reported per remote: one "ok", then at most one failure (which outweighs it).
const reported = new Map<RemoteName, 'ok' | 'failed'>();

/** The versions of this page load's remote map (a bare URL has none: reported as ''). */
export function setBeaconVersions(map: RemoteMap): void {
  versions = Object.fromEntries(
    Object.entries(map).map(([name, location]) => [name, location.version ?? '']),
  );
  reported.clear();
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error ?? '')).slice(0, MAX_MESSAGE);

export function beaconOf(remote: RemoteName, kind: BeaconKind, error?: unknown): Beacon {
  return {
    remote,
    version: versions[remote] ?? '',
    kind,
    message: kind === 'ok' ? '' : messageOf(error),
    id: beaconIdOfPageLoad(),
  };
}

/** The failures caught in this page load (the smoke check reads them, compositionSignals.failuresKey). */
function recordFailure(failure: CompositionFailure): void {
  const holder = window as unknown as Record<string, CompositionFailure[] | undefined>;
  (holder[compositionSignals.failuresKey] ??= []).push(failure);
}

/**
 * Tells the remote registry (through the shell's server) how a remote did in this page load: each
 * page load counts once per remote, as ok or failed. `ok` goes once the remote's page has rendered,
 * and never after a failure; a failure goes once, also after an `ok` (the registry then counts the
 * page load as failed). Never throws: a missing endpoint or a browser without sendBeacon costs the
 * visitor nothing.
 */
export function reportRemote(remote: RemoteName, kind: BeaconKind, error?: unknown): void {
  const before = reported.get(remote);
  if (kind === 'ok' ? before : before === 'failed') return;
  reported.set(remote, kind === 'ok' ? 'ok' : 'failed');
  const beacon = beaconOf(remote, kind, error);
  try {
    if (kind !== 'ok') recordFailure({ remote, kind, message: beacon.message });
    // A remote of the built-in map has no release whose figures it could change: nothing to send.
    if (!beacon.version) return;
    // A JSON string: sent as text/plain, a simple request (a JSON Blob type is refused by some browsers).
    navigator.sendBeacon?.(BEACON_URL, JSON.stringify(beacon));
  } catch {
    // reporting is best effort
  }
}
