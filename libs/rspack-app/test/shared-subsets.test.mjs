// The shared react-router and TanStack Query are what the apps import (src/react-router-browser.mjs,
// src/react-query-browser.mjs): a name an app imports but the shared module lacks would be undefined
// in the composed shop only (unit tests and dev servers use the whole package), so the apps' browser
// code is read here for its imports.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@toolshop/settings/repo-root';

const roots = [
  'shell',
  'storefront-mfe',
  'dashboard-mfe',
  'admin-mfe',
  ...readdirSync(join(repoRoot, 'libs')).map((lib) => `libs/${lib}`),
];
// Unit tests run the package itself (Jest); the prerender is bundled for Node with the whole package.
const skipped = /\.spec\.tsx?$|\/(testing|prerender)\//;

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name) && !skipped.test(path)) yield path;
  }
}

/** Every value the apps import by name from `pkg` (type-only imports left out), and the files that import it otherwise. */
function importedNames(pkg) {
  const names = new Set();
  const other = [];
  const quoted = pkg.replace(/[/.]/g, '\\$&');
  const named = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*'${quoted}'`, 'g');
  const any = new RegExp(`import\\s[^;]*?from\\s*'${quoted}'`, 'g');
  for (const root of roots) {
    for (const file of sources(join(repoRoot, root, 'src'))) {
      const code = readFileSync(file, 'utf8');
      const matches = [...code.matchAll(named)];
      if (matches.length !== [...code.matchAll(any)].length) other.push(relative(repoRoot, file));
      for (const [, typeOnly, list] of matches) {
        if (typeOnly) continue;
        for (const item of list.split(',').map((s) => s.trim())) {
          if (item && !item.startsWith('type ')) names.add(item.split(/\s+as\s+/)[0]);
        }
      }
    }
  }
  return { names: [...names].sort(), other };
}

const subsets = [
  {
    pkg: 'react-router',
    module: '../src/react-router-browser.mjs',
    full: join(repoRoot, 'node_modules/react-router/dist/production/index.mjs'),
    used: 'BrowserRouter',
  },
  {
    pkg: '@tanstack/react-query',
    module: '../src/react-query-browser.mjs',
    full: join(repoRoot, 'node_modules/@tanstack/react-query/build/modern/index.js'),
    used: 'useQuery',
  },
];

for (const { pkg, module, full, used } of subsets) {
  describe(`the shared ${pkg}`, async () => {
    const shared = await import(module);
    const whole = await import(pathToFileURL(full).href);
    const { names, other } = importedNames(pkg);

    it('has every name the apps import', () => {
      assert.deepEqual(
        other,
        [],
        `import ${pkg} by name: the shared subset cannot check other imports`,
      );
      assert.ok(names.includes(used), "the scan finds the apps' imports");
      const missing = names.filter((name) => !(name in shared));
      assert.deepEqual(
        missing,
        [],
        `the apps import these from ${pkg}: add them to ${module.slice(3)}`,
      );
    });

    it("is the package's own values, and nothing no app imports", () => {
      for (const name of Object.keys(shared)) assert.equal(shared[name], whole[name], name);
      assert.deepEqual(Object.keys(shared).sort(), names);
    });
  });
}
