import { ApiError, messageOf } from './api-error';
import { getAccessToken } from './auth-store';
import { getRuntimeConfig } from './runtime-config';
import { signOutAfterAuthError } from './session';

export interface ApiOptions {
  /** SPEC §4: a 401 or 403 signs the user out, removes the token and goes to '/'. */
  signOutOnAuthError?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

async function request<T>(method: string, path: string, body: unknown, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(`${getRuntimeConfig().apiUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    if (options.signOutOnAuthError && (response.status === 401 || response.status === 403)) {
      await signOutAfterAuthError();
    }
    throw new ApiError(response.status, messageOf(parsed, response.statusText || `HTTP ${response.status}`), parsed);
  }
  return parsed as T;
}

/** The shop's one API client: JSON in and out, the bearer token when signed in. */
export const api = {
  get: <T>(path: string, options?: ApiOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: ApiOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: ApiOptions) => request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: ApiOptions) => request<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: ApiOptions) => request<T>('DELETE', path, undefined, options),
};
