// TanStack Query as the apps share it: its client, the observers and the hooks the apps use. A shared
// module cannot be tree-shaken (no build knows what the others use), so this list is the cut: it
// leaves out server rendering's hydration (dehydrate, hydrate, HydrationBoundary), several queries
// at once (useQueries, QueriesObserver), infinite queries, the suspense hooks and prefetch hooks, and
// the experimental streamed query (issue 14: the home page's JavaScript budget).
// test/react-query-browser.test.mjs fails when a TanStack Query update adds an export not sorted here.
export {
  CancelledError,
  Mutation,
  MutationCache,
  MutationObserver,
  Query,
  QueryCache,
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
  QueryErrorResetBoundary,
  QueryObserver,
  focusManager,
  hashKey,
  isCancelledError,
  keepPreviousData,
  matchMutation,
  matchQuery,
  mutationOptions,
  notifyManager,
  onlineManager,
  queryOptions,
  skipToken,
  useIsFetching,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryErrorResetBoundary,
} from '../../../node_modules/@tanstack/react-query/build/modern/index.js';
