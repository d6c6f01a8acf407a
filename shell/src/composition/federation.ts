import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { PageName } from '@toolshop/routes';
import { setBeaconVersions } from './beacon';
import { fallbackPlugin } from './fallback-plugin';
import { guardRemoteFiles, setIntegrityMap } from './integrity';
import { integrityPlugin } from './integrity-plugin';
import type { RemoteMap, RemoteName } from './remote-map';

let registered: RemoteMap | null = null;

/**
 * Registers the remotes of the runtime map (no remote is known at build time). Once per page load:
 * the map stays as it is until the next one, so a page never switches a remote's version mid-render.
 */
export function registerRemoteMap(map: RemoteMap): void {
  if (registered) return;
  registered = map;
  setIntegrityMap(map);
  setBeaconVersions(map);
  guardRemoteFiles();
  registerPlugins([integrityPlugin(), fallbackPlugin()]);
  registerRemotes(
    Object.entries(map).map(([name, location]) => ({ name, entry: location.manifest })),
  );
}

/**
 * Forgets what failed for this remote, so the next load asks its server again (the runtime drops
 * the remote's cached manifest and entry with it: force re-registers it).
 */
export function resetRemote(remote: RemoteName): void {
  if (!registered) return;
  registerRemotes([{ name: remote, entry: registered[remote].manifest }], { force: true });
}

/**
 * Starts loading a page's remote entry and its chunks together (instead of one after the other),
 * before React asks for it. A failure is left to the page's own load, which shows the fallback.
 */
export function preloadRemotePage<R extends RemoteName>(remote: R, exposed: PageName<R>): void {
  preloadRemote([{ nameOrAlias: remote, exposes: [exposed], resourceCategory: 'sync' }]).catch(
    () => {},
  );
}

/**
 * A link to the page is about to be followed: its files load (preloadRemotePage), then the page
 * module's `prefetch`, if it has one, starts the page's data, so the click finds both on their way.
 * Any failure is left to the page's own load.
 */
export function prefetchRemotePage<R extends RemoteName>(
  remote: R,
  exposed: PageName<R>,
  params: Record<string, string>,
): void {
  preloadRemotePage(remote, exposed);
  loadRemote<{ prefetch?: (params: Record<string, string>) => void }>(`${remote}/${exposed}`)
    .then((module) => module?.prefetch?.(params))
    .catch(() => {});
}

export async function loadRemotePage<R extends RemoteName>(
  remote: R,
  exposed: PageName<R>,
): Promise<{ default: ComponentType }> {
  const module = await loadRemote<{ default: ComponentType }>(`${remote}/${exposed}`);
  if (!module?.default) throw new Error(`${remote}/${exposed} has no default export`);
  // "ok" goes once the page has rendered (remote-page.tsx); the fallback plugin's stand-in has
  // reported its failure already
  return module;
}
