// /remotes.json in the remote registry's shape, built from the remotes' current builds: what the
// registry serves for a release (its manifest, version and the SRI hash of every file).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { repoRoot } from '@toolshop/settings/repo-root';
import { stack } from '@toolshop/devstack/e2e';

type RemoteName = 'storefront' | 'dashboard' | 'admin';

export interface RemoteRelease {
  manifest: string;
  version: string;
  integrity: Record<string, string>;
}

export const sri = (content: Buffer | string) =>
  `sha384-${createHash('sha384').update(content).digest('base64')}`;

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The release of a remote's current build at the test stack's address. */
export function releaseOf(remote: RemoteName, version = '1.0.0+e2e'): RemoteRelease {
  const dist = join(repoRoot, `${remote}-mfe/dist`);
  const integrity = Object.fromEntries(
    files(dist).map((file) => [relative(dist, file).split(sep).join('/'), sri(readFileSync(file))]),
  );
  return { manifest: `${stack.remotes[remote]}/mf-manifest.json`, version, integrity };
}

/** The three remotes as the registry lists them (each may be overridden). */
export function registryMap(overrides: Partial<Record<RemoteName, RemoteRelease | string>> = {}) {
  return {
    storefront: releaseOf('storefront', '1.0.0+sf'),
    dashboard: releaseOf('dashboard', '1.0.0+db'),
    admin: releaseOf('admin', '1.0.0+ad'),
    ...overrides,
  };
}

/** Serves this map as the shell's /remotes.json for the page; returns how often it was asked for. */
export async function serveRemoteMap(
  page: Page,
  map: unknown,
): Promise<{ requests: () => number }> {
  let requests = 0;
  await page.route(`${stack.shell}/remotes.json`, (route: Route) => {
    requests += 1;
    return route.fulfill({ json: map, headers: { 'Cache-Control': 'no-cache' } });
  });
  return { requests: () => requests };
}
