import { remoteNames, type RemoteName } from '@toolshop/routes';

// The three remotes the shell composes, named by their route tables (libs/routes). Their URLs
// come from /remotes.json at run time.
export { remoteNames, type RemoteName };

/** remote name -> URL of its mf-manifest.json */
export type RemoteMap = Record<RemoteName, string>;

export function parseRemoteMap(json: unknown): RemoteMap {
  if (!json || typeof json !== 'object') throw new Error('/remotes.json must be an object');
  const map = json as Record<string, unknown>;
  const entries = remoteNames.map((name) => {
    const url = map[name];
    if (typeof url !== 'string' || !url) throw new Error(`/remotes.json has no URL for the remote "${name}"`);
    return [name, url] as const;
  });
  return Object.fromEntries(entries) as RemoteMap;
}

export async function fetchRemoteMap(url = '/remotes.json'): Promise<RemoteMap> {
  // The server answers no-cache (revalidated every time) and index.html preloads it: a plain fetch
  // takes that preloaded answer, a no-store one would ask again.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parseRemoteMap(await response.json());
}
