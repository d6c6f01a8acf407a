// TanStack Query as the apps share it: what they import. A shared module cannot be tree-shaken (no
// build knows what the others use), so this list is the cut: it leaves out server rendering's
// hydration, several queries at once, infinite and suspense queries, prefetch hooks and the hooks
// that watch every query or mutation (the home page's JavaScript budget).
// test/shared-subsets.test.mjs fails when an app imports a name that is not here: add it then.
export {
  MutationCache,
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../../node_modules/@tanstack/react-query/build/modern/index.js';
