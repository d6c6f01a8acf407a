// The maps a newcomer reads stay true: every file the feature index and the decision records name
// exists, api/README.md names every folder of api/src, and each remote's README lists every page
// of its route table.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { routeTables } from '@toolshop/routes';
import { repoRoot } from '@toolshop/settings/repo-root';

const read = (path) => readFileSync(join(repoRoot, path), 'utf8');

/** The repository's own top-level folders (api, libs, infra, shell, the remotes, docs...). */
const topLevel = new Set(
  readdirSync(repoRoot, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules',
    )
    .map((entry) => entry.name),
);

/** The repository paths a Markdown text names in backticks (`api/src/tools/`, `libs/routes/src/index.ts`). */
function namedPaths(text) {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map(([, token]) => token)
    .filter(
      (token) => topLevel.has(token.split('/')[0]) && token.includes('/') && !/[<>*{}]/.test(token),
    );
}

test('every path the feature index and the decision records name exists', () => {
  const documents = [
    'docs/features.md',
    ...readdirSync(join(repoRoot, 'docs/decisions')).map((file) => `docs/decisions/${file}`),
  ];
  const missing = documents.flatMap((document) =>
    namedPaths(read(document))
      .filter((path) => !existsSync(join(repoRoot, path)))
      .map((path) => `${document}: ${path}`),
  );
  assert.ok(
    namedPaths(read('docs/features.md')).length > 100,
    'the index names the files of each feature',
  );
  assert.deepEqual(missing, []);
});

test('api/README.md names every folder of api/src', () => {
  const readme = read('api/README.md');
  const folders = readdirSync(join(repoRoot, 'api/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  assert.ok(folders.length > 15);
  assert.deepEqual(
    folders.filter((folder) => !readme.includes(`\`${folder}\``)),
    [],
  );
});

test("each remote's README lists every page of its route table", () => {
  const readmes = {
    storefront: 'storefront-mfe/README.md',
    dashboard: 'dashboard-mfe/README.md',
    admin: 'admin-mfe/README.md',
  };
  const missing = Object.entries(readmes).flatMap(([remote, path]) => {
    const readme = read(path);
    const pages = [...new Set(routeTables[remote].map(({ page }) => page))];
    return pages
      .filter((page) => !readme.includes(`\`./${page}\``))
      .map((page) => `${path}: ./${page}`);
  });
  assert.deepEqual(missing, []);
});
