import assert from 'node:assert/strict';
import { it } from 'node:test';
import * as full from '@tanstack/react-query';
import * as browser from '../src/react-query-browser.mjs';

// What the shared TanStack Query leaves out (issue 14: the home page's JavaScript budget): server
// rendering's hydration, several queries at once, infinite queries, suspense and prefetch hooks, the
// experimental streamed query and the library's internals. An app that needs one adds it to
// src/react-query-browser.mjs (and pays its bytes on every page).
const leftOut = new Set([
  'HydrationBoundary', 'dehydrate', 'dehydrateQuery', 'hydrate', 'defaultShouldDehydrateMutation', 'defaultShouldDehydrateQuery',
  'IsRestoringProvider', 'useIsRestoring',
  'QueriesObserver', 'useQueries', 'useSuspenseQueries',
  'InfiniteQueryObserver', 'infiniteQueryOptions', 'useInfiniteQuery', 'useSuspenseInfiniteQuery', 'usePrefetchInfiniteQuery',
  'useSuspenseQuery', 'usePrefetchQuery', 'useMutationState', 'experimental_streamedQuery',
  'dataTagErrorSymbol', 'dataTagSymbol', 'defaultScheduler', 'environmentManager', 'isServer', 'noop', 'partialMatchKey',
  'replaceEqualDeep', 'shouldThrowError', 'timeoutManager', 'unsetMarker',
]);

it('shares every other export of TanStack Query, the very same values', () => {
  const missing = Object.keys(full).filter((name) => !leftOut.has(name) && !(name in browser));
  assert.deepEqual(missing, [], 'TanStack Query has new exports: add them to src/react-query-browser.mjs or to leftOut here');
  for (const name of Object.keys(browser)) assert.equal(browser[name], full[name], name);
});

it('leaves out what no app uses', () => {
  assert.deepEqual(Object.keys(browser).filter((name) => leftOut.has(name)), []);
});
