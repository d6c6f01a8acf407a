// Comments and test titles name the concept they are about, not a tracker number: a newcomer
// cannot look up what "issue N" was, but can read "the SKU" or "no account enumeration".
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '@toolshop/settings/repo-root';

const ISSUE_NUMBER = /\bissue[ -]?#?\d+/i;

const SOURCE = /\.(?:[cm]?[jt]sx?|css|go|sh|ya?ml|json|html)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

/** The folders scanned: the apps' src/ and e2e/, the API's src/ and test/, libs' src/, infra's src/ and test/. */
function scannedFolders() {
  const children = (folder) =>
    readdirSync(join(repoRoot, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${folder}/${entry.name}`);
  return [
    ...['shell', 'storefront-mfe', 'dashboard-mfe', 'admin-mfe'].flatMap((app) => [
      `${app}/src`,
      `${app}/e2e`,
    ]),
    'api/src',
    'api/test',
    ...children('libs').map((lib) => `${lib}/src`),
    ...children('infra').flatMap((part) => [`${part}/src`, `${part}/test`]),
  ].filter((folder) => existsSync(join(repoRoot, folder)));
}

function* filesIn(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

test('no comment or test title cites an issue number', () => {
  const folders = scannedFolders();
  assert.ok(folders.length > 20, `scans ${folders.join(', ')}`);
  const found = folders.flatMap((folder) =>
    [...filesIn(join(repoRoot, folder))].flatMap((path) => {
      const file = relative(repoRoot, path).split('\\').join('/');
      return readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) => (ISSUE_NUMBER.test(line) ? [`${file}:${index + 1}`] : []));
    }),
  );
  assert.deepEqual(found, [], `name the concept instead of the issue number:\n${found.join('\n')}`);
});
