import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, getAccessToken, getRuntimeConfig, signOut } from '@toolshop/auth';

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

interface Page<T> {
  items: T[];
  total: number;
}

/**
 * The shared API client returns only the body, and the API sends a list's total in a header, so a
 * paged list reads the response itself; it keeps the client's rules (bearer token, ApiError with
 * the API's message).
 */
async function fetchPage<T>(path: string, signal: AbortSignal): Promise<Page<T>> {
  const token = getAccessToken();
  const response = await fetch(`${getRuntimeConfig().apiUrl}${path}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body ? [body.message].flat()[0] : undefined;
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : `HTTP ${response.status}`,
      body,
    );
  }
  const items = Array.isArray(body) ? (body as T[]) : [];
  const total = Number(response.headers.get('X-Total-Count') ?? Number.NaN);
  return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length };
}

/**
 * Fetch-on-render for one page of a list: `pathOf(page)` is fetched again whenever it changes, and
 * the previous page stays on screen meanwhile. `signOutOnAuthError`: SPEC.md §4, a 401 or 403
 * signs out and goes to '/'.
 */
export function usePagedList<T>(
  pathOf: (page: number) => string,
  { signOutOnAuthError = false } = {},
): PagedList<T> {
  const navigate = useNavigate();
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
    fetchPage<T>(path, controller.signal)
      .then((next) => {
        // The page ran empty (its last item was deleted or cancelled): show the one before.
        if (next.items.length === 0 && page > 1) return setPage(page - 1);
        setResult(next);
        setLoading(false);
      })
      .catch(async (failure: Error) => {
        if (controller.signal.aborted) return;
        if (
          signOutOnAuthError &&
          failure instanceof ApiError &&
          (failure.status === 401 || failure.status === 403)
        ) {
          await signOut();
          navigate('/');
          return;
        }
        setError(failure);
        setLoading(false);
      });
    return () => controller.abort();
  }, [path, page, generation, signOutOnAuthError, navigate]);

  return { items: result?.items, total: result?.total ?? 0, page, setPage, error, loading, reload };
}
