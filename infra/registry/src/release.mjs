// `npm run release -w @toolshop/<remote>-mfe`: builds the remote into a folder of its own (never the
// `dist/` a running stack serves as its built-in version), publishes that build to the object store
// under `<remote>/<version>/` (version: package version + commit, e.g. 0.1.0+3f2a9c1), with
// content-hashed files `immutable` and everything else `no-cache`, the manifest uploaded last, every
// upload refused if the key exists (a version never changes), then records the release with the
// sha384 of every file in the registry. It does not activate: `npm run remotes -- activate`.
// A build names the commit it was made from: with uncommitted changes to what the build reads, it
// refuses to release. The store takes the team's own key (storeConfig of config.mjs).
//
//   node infra/registry/src/release.mjs <remote> [--version <v>] [--dist <folder> | --skip-build --dist <folder>]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '@toolshop/settings/repo-root';
import { registryClient, tokenFor } from './client.mjs';
import { isRemoteName, remoteNames, storeConfig } from './config.mjs';
import { sha384, versionPattern } from './registry.mjs';
import { createStore } from './store.mjs';

export const appFolders = {
  storefront: 'storefront-mfe',
  dashboard: 'dashboard-mfe',
  admin: 'admin-mfe',
};

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
export const cacheControlOf = (file) =>
  hashed.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
const manifests = new Set(['mf-manifest.json', 'mf-stats.json']);

/** What a remote's build reads besides its own folder (rspack-app.mjs, the libs, the lockfile). */
const sharedBuildInputs = [
  'libs',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.browser.json',
];

/**
 * The version of a build of this remote from the working tree at `root`: its package version + the
 * current commit, and `changed`: the uncommitted (or untracked) files the build would read, which
 * that commit does not hold.
 */
export function versionOf(remote, root = repoRoot) {
  const { version } = JSON.parse(
    readFileSync(join(root, appFolders[remote], 'package.json'), 'utf8'),
  );
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const commit = git('rev-parse', '--short=7', 'HEAD').stdout.trim();
  const status = git(
    'status',
    '--porcelain',
    '--untracked-files=all',
    '--',
    appFolders[remote],
    ...sharedBuildInputs,
  );
  const changed =
    status.status === 0
      ? status.stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => line.slice(3))
      : [];
  return { version: commit ? `${version}+${commit}` : version, commit: commit || null, changed };
}

/** Builds the remote with rspack into `outDir` (the contracts' dist first, as Nx's ^build does). */
export function buildInto(remote, outDir, { env = process.env, root = repoRoot } = {}) {
  const options = {
    cwd: root,
    stdio: /** @type {const} */ ('inherit'),
    env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  };
  const contracts = spawnSync(
    'npx',
    ['nx', 'run', '@toolshop/contracts:build', '--outputStyle=stream'],
    options,
  );
  if (contracts.status !== 0) throw new Error('the build of @toolshop/contracts failed');
  const built = spawnSync('npx', ['rspack', 'build', '-c', 'rspack.config.mjs', '-o', outDir], {
    ...options,
    cwd: join(root, appFolders[remote]),
  });
  if (built.status !== 0) throw new Error('the build failed');
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
export async function publish({
  remote,
  dist,
  version,
  commit = null,
  env = process.env,
  log = console.log,
}) {
  if (!isRemoteName(remote)) throw new Error(`remote must be one of ${remoteNames.join(', ')}`);
  if (!versionPattern.test(version)) throw new Error(`"${version}" is not a semver version`);
  const files = await filesOf(dist);
  if (!files.includes('mf-manifest.json'))
    throw new Error(`${dist} has no mf-manifest.json: build the remote first`);
  const store = createStore(storeConfig(env, remote));
  try {
    const prefix = `${remote}/${version}`;
    if (await store.exists(`${prefix}/mf-manifest.json`))
      throw new Error(`${remote} ${version} is already published; a version never changes`);
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
    for (let i = 0; i < chunks.length; i += 8)
      await Promise.all(chunks.slice(i, i + 8).map(upload));
    for (const file of files.filter((file) => manifests.has(file))) await upload(file);
    log(
      `[release] published ${files.length} files of ${remote} ${version} to ${store.urlOf(prefix)}/`,
    );
    const call = registryClient(env);
    const record = await call('POST', '/releases', {
      body: { remote, version, commit, integrity },
      token: tokenFor(remote, env),
    });
    log(
      `[release] recorded ${remote} ${version} in the registry (${record.files} files with their sha384); activate it with:`,
    );
    log(`  npm run remotes -- activate ${remote} ${version} [--percent N]`);
    return record;
  } finally {
    store.close();
  }
}

/**
 * The whole release of a remote: build from a clean working tree into a folder of its own, publish,
 * record; or publish a given build folder (`dist`, with `skipBuild`), then recorded without a commit
 * unless `version` names one. `build` and `publishBuild` stand in for the real steps in tests.
 * @param {{ remote: string, version?: string, dist?: string, skipBuild?: boolean, env?: NodeJS.ProcessEnv,
 *           root?: string, build?: typeof buildInto, publishBuild?: typeof publish }} options
 */
export async function releaseRemote({
  remote,
  version,
  dist,
  skipBuild = Boolean(dist),
  env = process.env,
  root = repoRoot,
  build = buildInto,
  publishBuild = publish,
}) {
  if (!isRemoteName(remote))
    throw new Error(
      `usage: release.mjs <${remoteNames.join('|')}> [--version v] [--dist folder] [--skip-build]`,
    );
  if (skipBuild || dist) {
    if (!dist)
      throw new Error('--skip-build publishes a build folder: name it with --dist <folder>');
    const name = version ?? versionOf(remote, root).version;
    await publishBuild({ remote, dist, version: name, commit: null, env });
    return name;
  }
  const own = versionOf(remote, root);
  if (own.changed.length) {
    const shown =
      own.changed.slice(0, 10).join(', ') +
      (own.changed.length > 10 ? `, and ${own.changed.length - 10} more` : '');
    throw new Error(
      `the working tree has uncommitted changes to what the build of ${remote} reads (${shown}); a release is named after its commit (${own.version}): commit them first`,
    );
  }
  const name = version ?? own.version;
  // Its own folder: the stack's dist/ keeps serving the built-in version to every visitor meanwhile.
  const outDir = mkdtempSync(join(tmpdir(), `toolshop-release-${remote}-`));
  try {
    console.log(`[release] building ${remote} ${name} into ${outDir}`);
    build(remote, outDir, { env: { ...env, TOOLSHOP_REMOTE_VERSION: name }, root });
    await publishBuild({ remote, dist: outDir, version: name, commit: own.commit, env });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return name;
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      dist: { type: 'string' },
      'skip-build': { type: 'boolean' },
    },
  });
  try {
    await releaseRemote({
      remote: positionals[0] ?? '',
      version: values.version,
      dist: values.dist,
      skipBuild: values['skip-build'] ?? Boolean(values.dist),
    });
  } catch (error) {
    console.error(`[release] ${error.message}`);
    process.exit(1);
  }
}
