import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedSingletons } from '@toolshop/routes';
import { checkExposes, checkShared, requiredSingletons, satisfies } from '../src/gates.mjs';

/** @param {string} name @param {string} version @param {string | null} [requiredVersion] @param {boolean} [singleton] */
const shared = (name, version, requiredVersion = `^${version}`, singleton = true) => ({
  name,
  version,
  requiredVersion,
  singleton,
});
const shellManifest = {
  shared: [
    shared('react', '19.3.1'),
    shared('react-dom', '19.3.1'),
    shared('react-router', '7.18.5'),
    shared('zustand', '5.1.0'),
    // Shared without a version by a shell built before the libs had one.
    shared('@toolshop/auth', '0.1.0', null),
    shared('@toolshop/ui', '0.1.0'),
  ],
};
const candidate = (overrides = {}) => ({
  exposes: ['HomePage', 'BlogsPage', 'PortfolioPage', 'ToolDetailPage'].map((name) => ({
    name,
    path: `./${name}`,
  })),
  shared: shellManifest.shared.map((entry) => ({ ...entry, ...(overrides[entry.name] ?? {}) })),
});

test('semver ranges as Module Federation manifests carry them', () => {
  assert.equal(satisfies('19.3.2', '^19.3.1'), true);
  assert.equal(satisfies('19.2.0', '^19.3.1'), false);
  assert.equal(satisfies('18.3.1', '^19.3.1'), false);
  assert.equal(satisfies('20.0.0', '^19.3.1'), false);
  assert.equal(satisfies('0.2.5', '^0.2.1'), true);
  assert.equal(satisfies('0.3.0', '^0.2.1'), false);
  assert.equal(satisfies('5.1.9', '~5.1.0'), true);
  assert.equal(satisfies('5.2.0', '~5.1.0'), false);
  assert.equal(satisfies('0.1.0', null, '0.1.0'), true);
  assert.equal(satisfies('1.0.0', null, '0.1.0'), false);
});

test('a candidate exposing every page of its route table passes; a missing page is named', () => {
  assert.deepEqual(checkExposes('storefront', candidate()), []);
  const missing = candidate();
  missing.exposes = missing.exposes.filter(({ name }) => name !== 'BlogsPage');
  assert.deepEqual(checkExposes('storefront', missing), [
    "the candidate does not expose ./BlogsPage, which the shell's route table asks of storefront",
  ]);
});

test('shared singletons: the same versions pass; a React major mismatch, a missing or non-singleton share are named', () => {
  assert.deepEqual(checkShared(candidate(), shellManifest), []);
  assert.deepEqual(
    checkShared(
      candidate({ react: { version: '18.3.1', requiredVersion: '^18.3.1' } }),
      shellManifest,
    ),
    ["the candidate's react 18.3.1 does not satisfy the shell's ^19.3.1"],
  );
  const withoutZustand = candidate();
  withoutZustand.shared = withoutZustand.shared.filter(({ name }) => name !== 'zustand');
  assert.deepEqual(checkShared(withoutZustand, shellManifest), [
    'the candidate does not share zustand (the shell shares 5.1.0 as a singleton)',
  ]);
  assert.deepEqual(
    checkShared(candidate({ 'react-router': { singleton: false } }), shellManifest),
    ['the candidate shares react-router but not as a singleton'],
  );
  assert.deepEqual(
    checkShared(
      candidate({ 'react-dom': { version: '19.3.1', requiredVersion: '^19.4.0' } }),
      shellManifest,
    ),
    ['the candidate requires react-dom ^19.4.0, the shell provides 19.3.1'],
  );
});

// The workspace libs run as the shell's copy; a remote built against a newer one requires its version.
test('a remote built against a newer @toolshop/ui or @toolshop/auth than the shell provides is refused', () => {
  const shell = shellManifest;
  const withoutUi = candidate();
  withoutUi.shared = withoutUi.shared.filter(({ name }) => name !== '@toolshop/ui');
  assert.deepEqual(checkShared(withoutUi, shell), [
    'the candidate does not share @toolshop/ui (the shell shares 0.1.0 as a singleton)',
  ]);
  const built = (name, version) => candidate({ [name]: shared(name, version) });
  assert.deepEqual(checkShared(built('@toolshop/ui', '0.1.0'), shell), []);
  assert.deepEqual(checkShared(built('@toolshop/ui', '0.1.2'), shell), [
    'the candidate requires @toolshop/ui ^0.1.2, the shell provides 0.1.0',
  ]);
  // The shell's unversioned @toolshop/auth: a remote that requires a newer one is still refused.
  assert.deepEqual(checkShared(built('@toolshop/auth', '0.1.0'), shell), []);
  assert.deepEqual(checkShared(built('@toolshop/auth', '0.2.0'), shell), [
    'the candidate requires @toolshop/auth ^0.2.0, the shell provides 0.1.0',
  ]);
});

// The build factory (libs/rspack-app/src/rspack-app.mjs) shares the same list of @toolshop/routes.
test('the gate requires every singleton the build factory shares (TanStack Query included)', () => {
  assert.equal(requiredSingletons, sharedSingletons);
  assert.ok(requiredSingletons.includes('@tanstack/react-query'));
  const shell = { shared: [...shellManifest.shared, shared('@tanstack/react-query', '5.108.0')] };
  const withoutQuery = candidate();
  assert.deepEqual(checkShared(withoutQuery, shell), [
    'the candidate does not share @tanstack/react-query (the shell shares 5.108.0 as a singleton)',
  ]);
});
