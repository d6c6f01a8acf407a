// `npm run release -w @toolshop/<remote>-mfe`: builds the remote, publishes its build to the object
// store under `<remote>/<version>/` (version: package version + commit, e.g. 0.1.0+3f2a9c1), with
// content-hashed files `immutable` and everything else `no-cache`, the manifest uploaded last, every
// upload refused if the key exists (a version never changes), then records the release with the
// sha384 of every file in the registry. It does not activate: `npm run remotes -- activate`.
//
//   node infra/registry/src/release.mjs <remote> [--version <v>] [--dist <folder>] [--skip-build]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '@toolshop/settings/repo-root';
import { registryClient, tokenFor } from './client.mjs';
import { remoteNames, storeConfig } from './config.mjs';
import { sha384, versionPattern } from './registry.mjs';
import { createStore } from './store.mjs';

export const appFolders = { storefront: 'storefront-mfe', dashboard: 'dashboard-mfe', admin: 'admin-mfe' };

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
// Rspack names content-hashed files `<name>.<8 hex>.<ext>` (rspack-app.mjs).
const hashed = /\.[0-9a-f]{8}\.(js|css)$/;
export const cacheControlOf = (file) => (hashed.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
const manifests = new Set(['mf-manifest.json', 'mf-stats.json']);

/** The version of a build of this remote: its package version + the current commit. */
export function versionOf(remote) {
  const { version } = JSON.parse(readFileSync(join(repoRoot, appFolders[remote], 'package.json'), 'utf8'));
  const commit = spawnSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
  return { version: commit ? `${version}+${commit}` : version, commit: commit || null };
}

/** Every publishable file of a build (no source maps), relative with `/`. */
async function filesOf(dist) {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && extname(entry.name) !== '.map')
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * Publishes a built remote and records it. Returns the registry's record.
 * @param {{ remote: string, dist: string, version: string, commit?: string | null, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} options
 */
export async function publish({ remote, dist, version, commit = null, env = process.env, log = console.log }) {
  if (!remoteNames.includes(remote)) throw new Error(`remote must be one of ${remoteNames.join(', ')}`);
  if (!versionPattern.test(version)) throw new Error(`"${version}" is not a semver version`);
  const files = await filesOf(dist);
  if (!files.includes('mf-manifest.json')) throw new Error(`${dist} has no mf-manifest.json: build the remote first`);
  const store = createStore(storeConfig(env));
  try {
    const prefix = `${remote}/${version}`;
    if (await store.exists(`${prefix}/mf-manifest.json`)) throw new Error(`${remote} ${version} is already published; a version never changes`);
    const integrity = {};
    const upload = async (file) => {
      const body = await readFile(join(dist, file));
      integrity[file] = sha384(body);
      await store.putNew(`${prefix}/${file}`, body, {
        contentType: contentTypes[extname(file)] ?? 'application/octet-stream',
        cacheControl: cacheControlOf(file),
      });
    };
    // Chunks first, the manifests last: a half-finished upload has no manifest anyone could load.
    const chunks = files.filter((file) => !manifests.has(file));
    for (let i = 0; i < chunks.length; i += 8) await Promise.all(chunks.slice(i, i + 8).map(upload));
    for (const file of files.filter((file) => manifests.has(file))) await upload(file);
    log(`[release] published ${files.length} files of ${remote} ${version} to ${store.urlOf(prefix)}/`);
    const call = registryClient(env);
    const record = await call('POST', '/releases', { body: { remote, version, commit, integrity }, token: tokenFor(remote, env) });
    log(`[release] recorded ${remote} ${version} in the registry (${record.files} files with their sha384); activate it with:`);
    log(`  npm run remotes -- activate ${remote} ${version} [--percent N]`);
    return record;
  } finally {
    store.close();
  }
}

/**
 * The whole release of a remote: build (unless a dist is given or skipBuild), publish, record.
 * @param {{ remote: string, version?: string, dist?: string, skipBuild?: boolean, env?: NodeJS.ProcessEnv }} options
 */
export async function releaseRemote({ remote, version, dist, skipBuild = Boolean(dist), env = process.env }) {
  if (!remoteNames.includes(remote)) throw new Error(`usage: release.mjs <${remoteNames.join('|')}> [--version v] [--dist folder] [--skip-build]`);
  const own = versionOf(remote);
  const name = version ?? own.version;
  if (!skipBuild) {
    console.log(`[release] building ${remote} ${name}`);
    const built = spawnSync('npx', ['nx', 'run', `@toolshop/${appFolders[remote]}:build`, '--outputStyle=stream'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', TOOLSHOP_REMOTE_VERSION: name },
    });
    if (built.status !== 0) throw new Error('the build failed');
  }
  await publish({ remote, dist: dist ?? join(repoRoot, appFolders[remote], 'dist'), version: name, commit: own.commit, env });
  return name;
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { version: { type: 'string' }, dist: { type: 'string' }, 'skip-build': { type: 'boolean' } },
  });
  try {
    await releaseRemote({ remote: positionals[0], version: values.version, dist: values.dist, skipBuild: values['skip-build'] ?? Boolean(values.dist) });
  } catch (error) {
    console.error(`[release] ${error.message}`);
    process.exit(1);
  }
}
