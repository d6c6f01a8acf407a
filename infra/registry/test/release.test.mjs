// The release script's own rules (release hardening): a release is built from a clean working tree (its name
// records the commit that holds its code) into a folder of its own, never into the dist/ a running
// stack serves as its built-in version.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { releaseRemote, versionOf } from '../src/release.mjs';

const roots = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A repository holding a storefront app (with a served dist/) and a lib, everything committed. */
function repository() {
  const root = mkdtempSync(join(tmpdir(), 'release-repo-'));
  roots.push(root);
  const write = (path, text) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('storefront-mfe/package.json', '{ "version": "0.3.0" }');
  write('storefront-mfe/src/index.ts', 'export {};\n');
  write('libs/ui/src/index.ts', 'export {};\n');
  write('api/src/main.ts', 'export {};\n');
  write('.gitignore', 'dist/\n');
  const git = (...args) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: root,
      encoding: 'utf8',
    });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'base');
  write('storefront-mfe/dist/mf-manifest.json', '{"served":"built-in"}');
  return { root, write, commit: git('rev-parse', '--short=7', 'HEAD').trim() };
}

/** A build step that writes a small build where it is told, and a publish step that records. */
function fakeSteps() {
  /** @type {{ built: string[], published: { remote: string, dist: string, version: string, commit?: string | null, manifest: string }[] }} */
  const calls = { built: [], published: [] };
  return {
    calls,
    build: (remote, outDir) => {
      calls.built.push(outDir);
      writeFileSync(join(outDir, 'mf-manifest.json'), '{"served":"candidate"}');
    },
    /** @param {{ remote: string, dist: string, version: string, commit?: string | null }} options */
    publishBuild: async ({ remote, dist, version, commit }) => {
      calls.published.push({
        remote,
        dist,
        version,
        commit,
        manifest: readFileSync(join(dist, 'mf-manifest.json'), 'utf8'),
      });
    },
  };
}

test('a release from a tree with uncommitted changes to what the build reads is refused, nothing built', async () => {
  const { root, write } = repository();
  write('storefront-mfe/src/index.ts', 'export const changed = true;\n');
  write('libs/ui/src/new-file.ts', 'export {};\n');
  const steps = fakeSteps();
  await assert.rejects(
    releaseRemote({ remote: 'storefront', root, ...steps }),
    /uncommitted changes to what the build of storefront reads \(storefront-mfe\/src\/index\.ts, libs\/ui\/src\/new-file\.ts\); a release is named after its commit/,
  );
  // an explicit version does not make a dirty build a commit's either
  await assert.rejects(
    releaseRemote({ remote: 'storefront', version: '0.3.0+mine', root, ...steps }),
    /uncommitted changes/,
  );
  assert.deepEqual(steps.calls, { built: [], published: [] });
});

test('changes the build does not read (another app) leave the release named after the commit', async () => {
  const { root, write, commit } = repository();
  write('api/src/main.ts', 'export const other = 1;\n');
  assert.deepEqual(versionOf('storefront', root), {
    version: `0.3.0+${commit}`,
    commit,
    changed: [],
  });
  const steps = fakeSteps();
  assert.equal(await releaseRemote({ remote: 'storefront', root, ...steps }), `0.3.0+${commit}`);
  assert.equal(steps.calls.published[0]?.commit, commit);
});

test("a release builds into a folder of its own: the stack's dist/ keeps serving the built-in version", async () => {
  const { root, commit } = repository();
  const steps = fakeSteps();
  await releaseRemote({ remote: 'storefront', root, ...steps });
  const [outDir = ''] = steps.calls.built;
  assert.notEqual(outDir, join(root, 'storefront-mfe/dist'));
  assert.ok(!outDir.startsWith(join(root, 'storefront-mfe/dist')));
  assert.deepEqual(steps.calls.published, [
    {
      remote: 'storefront',
      dist: outDir,
      version: `0.3.0+${commit}`,
      commit,
      manifest: '{"served":"candidate"}',
    },
  ]);
  assert.equal(
    readFileSync(join(root, 'storefront-mfe/dist/mf-manifest.json'), 'utf8'),
    '{"served":"built-in"}',
  );
  assert.equal(existsSync(outDir), false, 'the release folder is removed once published');
});

test('a given build folder is published as it is, recorded without a commit', async () => {
  const { root } = repository();
  const steps = fakeSteps();
  const dist = mkdtempSync(join(tmpdir(), 'given-dist-'));
  roots.push(dist);
  writeFileSync(join(dist, 'mf-manifest.json'), '{"given":true}');
  await releaseRemote({ remote: 'storefront', root, dist, version: '0.3.0+given', ...steps });
  assert.deepEqual(steps.calls.built, []);
  assert.deepEqual(steps.calls.published, [
    {
      remote: 'storefront',
      dist,
      version: '0.3.0+given',
      commit: null,
      manifest: '{"given":true}',
    },
  ]);
  await assert.rejects(
    releaseRemote({ remote: 'storefront', root, skipBuild: true, ...steps }),
    /name it with --dist/,
  );
});
