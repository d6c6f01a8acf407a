import { useCallback, useEffect, useState } from 'react';
import { api, type ApiOptions } from './api-client';
import type { ApiError } from './api-error';

export interface ApiQuery<T> {
  data: T | undefined;
  error: ApiError | Error | undefined;
  loading: boolean;
  reload: () => void;
}

/** Fetch-on-render for pages: refetches when `path` changes; `null` means "don't fetch yet". */
export function useApiQuery<T>(path: string | null, options: Omit<ApiOptions, 'signal'> = {}): ApiQuery<T> {
  const [state, setState] = useState<Omit<ApiQuery<T>, 'reload'>>({
    data: undefined,
    error: undefined,
    loading: path !== null,
  });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const { signOutOnAuthError } = options;

  useEffect(() => {
    if (path === null) {
      setState({ data: undefined, error: undefined, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: undefined, loading: true }));
    api
      .get<T>(path, { signOutOnAuthError, signal: controller.signal })
      .then((data) => setState({ data, error: undefined, loading: false }))
      .catch((error: Error) => {
        if (controller.signal.aborted) return;
        setState({ data: undefined, error, loading: false });
      });
    return () => controller.abort();
  }, [path, signOutOnAuthError, generation]);

  return { ...state, reload };
}
