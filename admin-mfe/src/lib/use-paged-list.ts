import { useCallback, useEffect, useState } from 'react';
import { api, type Page } from '@toolshop/auth';

export interface PagedList<T> {
  items: T[] | undefined;
  /** Items in all pages, from the X-Total-Count header. */
  total: number;
  /** The page shown, from 1. */
  page: number;
  setPage: (page: number) => void;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Fetch-on-render for one page of a list: `pathOf(page)` is fetched again whenever it changes, and
 * the previous page stays on screen meanwhile. `signOutOnAuthError`: SPEC.md §4, the API client
 * signs out on a 401 or 403 and goes to '/'.
 */
export function usePagedList<T>(
  pathOf: (page: number) => string,
  { signOutOnAuthError = false } = {},
): PagedList<T> {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<Page<T> | undefined>();
  const [error, setError] = useState<Error | undefined>();
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const path = pathOf(page);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(undefined);
    api
      .getPage<T>(path, { signOutOnAuthError, signal: controller.signal })
      .then((next) => {
        // The page ran empty (its last item was deleted or cancelled): show the one before.
        if (next.items.length === 0 && page > 1) return setPage(page - 1);
        setResult(next);
        setLoading(false);
      })
      .catch((failure: Error) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setLoading(false);
      });
    return () => controller.abort();
  }, [path, page, generation, signOutOnAuthError]);

  return { items: result?.items, total: result?.total ?? 0, page, setPage, error, loading, reload };
}
