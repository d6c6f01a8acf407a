import { useDeferredValue } from 'react';
import {
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

/**
 * `useQuery` for what a page shows, its answers rendered in a background pass. React renders a
 * query's change at once and whole (useSyncExternalStore's updates are synchronous): on a full load
 * My Orders' answer rendered its page in one task of 40-58 ms at a 4x slowed CPU. Deferred, the
 * answer renders in a transition, in slices of a few ms with input and paints between them. The
 * result is deferred whole, so its data, status and error always belong together.
 */
export function useDeferredQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  return useDeferredValue(useQuery(options));
}
