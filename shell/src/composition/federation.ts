import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { PageName } from '@toolshop/routes';
import { fallbackPlugin } from './fallback-plugin';
import type { RemoteMap, RemoteName } from './remote-map';

let registered: RemoteMap | null = null;

/** Registers the remotes of the runtime map (no remote is known at build time). */
export function registerRemoteMap(map: RemoteMap): void {
  registered = map;
  registerPlugins([fallbackPlugin()]);
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
}

/** Forgets what failed for this remote, so the next load asks its server again. */
export function resetRemote(remote: RemoteName): void {
  if (!registered) return;
  registerRemotes([{ name: remote, entry: registered[remote] }], { force: true });
}

/**
 * Starts loading a page's remote entry and its chunks together (instead of one after the other),
 * before React asks for it. A failure is left to the page's own load, which shows the fallback.
 */
export function preloadRemotePage<R extends RemoteName>(remote: R, exposed: PageName<R>): void {
  preloadRemote([{ nameOrAlias: remote, exposes: [exposed], resourceCategory: 'sync' }]).catch(() => {});
}

export async function loadRemotePage<R extends RemoteName>(remote: R, exposed: PageName<R>): Promise<{ default: ComponentType }> {
  const module = await loadRemote<{ default: ComponentType }>(`${remote}/${exposed}`);
  if (!module?.default) throw new Error(`${remote}/${exposed} has no default export`);
  return module;
}
