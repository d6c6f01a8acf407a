import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { createElement } from 'react';
import { reportRemote } from './beacon';
import { RemoteUnavailable } from './remote-unavailable';
import { remoteNames, type RemoteName } from './remote-map';

const isRemoteName = (name: unknown): name is RemoteName =>
  remoteNames.includes(name as RemoteName);

/**
 * When a remote's manifest, entry or module cannot be loaded (down, or refused by its integrity
 * hashes), answer with a stand-in module whose component shows the fallback with "retry" in the
 * page area, instead of failing the whole shell; and report the failure (beacon.ts).
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'toolshop-remote-fallback',
    errorLoadRemote({ id, error, lifecycle, remote }) {
      if (lifecycle !== 'onLoad') return undefined;
      const name = remote?.name ?? id.split('/')[0];
      console.error(`[composition] ${id} could not be loaded`, error);
      const remoteName = isRemoteName(name) ? name : undefined;
      if (remoteName) reportRemote(remoteName, 'load', error);
      // `unavailable` tells the shell's start not to hydrate a prerendered page with this stand-in.
      return {
        __esModule: true,
        unavailable: true,
        default: () => createElement(RemoteUnavailable, { remote: remoteName }),
      };
    },
  };
}
