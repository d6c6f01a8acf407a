import { TOTAL_COUNT_HEADER } from '@toolshop/contracts';
import { ApiError, messageOf } from './api-error';
import { getAccessToken } from './auth-store';
import { getRuntimeConfig } from './runtime-config';
import { signOutAfterAuthError } from './sign-out';

export interface ApiOptions {
  /** SPEC §4: a 401 or 403 signs the user out, removes the token and goes to '/'. */
  signOutOnAuthError?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** One page of a list and the number of items in all pages (the API's X-Total-Count). */
export interface Page<T> {
  items: T[];
  total: number;
}

interface Answer {
  body: unknown;
  headers: Headers;
}

async function send(method: string, path: string, body: unknown, options: ApiOptions = {}): Promise<Answer> {
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
  return { body: parsed, headers: response.headers };
}

const request = async <T>(method: string, path: string, body: unknown, options?: ApiOptions) =>
  (await send(method, path, body, options)).body as T;

/** GET of a list page; without a usable total header the page is all there is. */
async function getPage<T>(path: string, options?: ApiOptions): Promise<Page<T>> {
  const { body, headers } = await send('GET', path, undefined, options);
  const items = Array.isArray(body) ? (body as T[]) : [];
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length };
}

/** The shop's one API client: JSON in and out, the bearer token when signed in. */
export const api = {
  get: <T>(path: string, options?: ApiOptions) => request<T>('GET', path, undefined, options),
  getPage,
  post: <T>(path: string, body?: unknown, options?: ApiOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: ApiOptions) => request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: ApiOptions) => request<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: ApiOptions) => request<T>('DELETE', path, undefined, options),
};
