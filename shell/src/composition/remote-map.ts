import { remoteNames, type RemoteName } from '@toolshop/routes';

// The three remotes the shell composes, named by their route tables (libs/routes). Where they live
// comes from /remotes.json at run time.
export { remoteNames, type RemoteName };

/**
 * Where one remote lives. /remotes.json gives either the URL of its mf-manifest.json alone, or
 * (from the remote registry) `{ manifest, version, integrity }`: then `integrity` maps every file
 * of the release (path relative to the manifest's folder) to its Subresource Integrity hash, and
 * the shell loads no file of that remote without a matching hash.
 */
export interface RemoteLocation {
  /** absolute URL of the remote's mf-manifest.json */
  manifest: string;
  /** the release (`<semver>+<commit>`), reported with the beacons; undefined for a bare URL */
  version?: string;
  /** file path relative to the manifest's folder -> `sha384-<base64>`; undefined: not checked */
  integrity?: Readonly<Record<string, string>>;
}

/** remote name -> where it lives */
export type RemoteMap = Record<RemoteName, RemoteLocation>;

// An SRI hash of one of the algorithms browsers check (sha256/384/512), base64 as the spec has it.
const sriHash = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

function parseLocation(name: RemoteName, value: unknown): RemoteLocation {
  if (typeof value === 'string' && value) return { manifest: value };
  if (!value || typeof value !== 'object')
    throw new Error(`/remotes.json has no URL for the remote "${name}"`);
  const { manifest, version, integrity } = value as Record<string, unknown>;
  if (typeof manifest !== 'string' || !manifest)
    throw new Error(`/remotes.json has no URL for the remote "${name}"`);
  if (version !== undefined && typeof version !== 'string')
    throw new Error(`/remotes.json: the version of "${name}" is not a string`);
  if (integrity === undefined) return { manifest, version };
  if (!integrity || typeof integrity !== 'object' || Array.isArray(integrity)) {
    throw new Error(`/remotes.json: the integrity of "${name}" is not a map of files to hashes`);
  }
  for (const [file, hash] of Object.entries(integrity)) {
    if (typeof hash !== 'string' || !sriHash.test(hash))
      throw new Error(`/remotes.json: "${name}" has no valid integrity hash for ${file}`);
  }
  return { manifest, version, integrity: integrity as Record<string, string> };
}

export function parseRemoteMap(json: unknown): RemoteMap {
  if (!json || typeof json !== 'object') throw new Error('/remotes.json must be an object');
  const map = json as Record<string, unknown>;
  return Object.fromEntries(
    remoteNames.map((name) => [name, parseLocation(name, map[name])]),
  ) as RemoteMap;
}

/** The response header of /remotes.json that carries this page load's beacon id (the shell's server signs it). */
export const BEACON_ID_HEADER = 'X-Toolshop-Beacon-Id';
let beaconId = '';

/** This page load's beacon id, sent with each beacon ('' when the server gave none: a server without registry). */
export const beaconIdOfPageLoad = (): string => beaconId;

/**
 * Reads /remotes.json: once per page load (the bootstrap's one call), so a newly active version is
 * used from the next page load on and a visitor is never switched in the middle of a session's render.
 */
export async function fetchRemoteMap(url = '/remotes.json'): Promise<RemoteMap> {
  // The server answers no-cache (revalidated every time) and index.html preloads it: a plain fetch
  // takes that preloaded answer, a no-store one would ask again.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const map = parseRemoteMap(await response.json());
  beaconId = response.headers.get(BEACON_ID_HEADER) ?? '';
  return map;
}
