// Unit tests of the apps run the real @toolshop/auth over the fake network of
// `@toolshop/auth/testing` (useFakeShop): a jest.mock of the library is a second auth library that
// nobody checks against the real one, and drifts from it.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '@toolshop/settings/repo-root';

const MOCKS_AUTH = /jest\s*\.\s*(?:do)?[mM]ock\s*\(\s*['"`]@toolshop\/auth(?:\/[^'"`]*)?['"`]/;
const SOURCE = /\.[cm]?[jt]sx?$/;
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

function* filesIn(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

function mockingFiles() {
  const libs = readdirSync(join(repoRoot, 'libs'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `libs/${entry.name}`);
  return ['shell', 'storefront-mfe', 'dashboard-mfe', 'admin-mfe', ...libs]
    .map((project) => join(repoRoot, project, 'src'))
    .filter((folder) => existsSync(folder))
    .flatMap((folder) => [...filesIn(folder)])
    .filter((path) => MOCKS_AUTH.test(readFileSync(path, 'utf8')))
    .map((path) => relative(repoRoot, path).split('\\').join('/'));
}

test('the pattern finds a jest.mock of the auth library in each way it is written', () => {
  for (const line of [
    "jest.mock('@toolshop/auth', () => ({}));",
    'jest.mock("@toolshop/auth");',
    "jest.doMock('@toolshop/auth/harness', () => ({}));",
  ]) {
    assert.match(line, MOCKS_AUTH);
  }
  assert.doesNotMatch("jest.mock('@toolshop/ui', () => ({}));", MOCKS_AUTH);
});

test('no unit test replaces @toolshop/auth with jest.mock', () => {
  const found = mockingFiles();
  assert.deepEqual(
    found,
    [],
    `use useFakeShop() of @toolshop/auth/testing instead of jest.mock:\n${found.join('\n')}`,
  );
});
