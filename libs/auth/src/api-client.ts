import { TOTAL_COUNT_HEADER } from '@toolshop/contracts';
import { ApiError, messageOf } from './api-error';
import { getAccessToken } from './auth-store';
import { attemptKey, isFinalAnswer, RUNNING_RESENDS, runningRetryDelayMs } from './idempotency';
import { getRuntimeConfig } from './runtime-config';
import { signOutAfterAuthError } from './sign-out';

export interface ApiOptions {
  /** SPEC §4: a 401 or 403 signs the user out, removes the token and goes to '/'. */
  signOutOnAuthError?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A state-changing call a user may retry: sent with an `Idempotency-Key`, one per attempt (kept
   * until the API answers for good, new after that; sent again with it while the API answers
   * "still being processed"; see idempotency.ts).
   */
  idempotent?: boolean;
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

/** One call; a non-2xx answer throws ApiError with the API's message (and signs out if asked). */
async function call(
  method: string,
  path: string,
  body: unknown,
  options: ApiOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A file goes as its own bytes with its own type (POST /images); anything else as JSON.
  const file = body instanceof Blob ? body : undefined;
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const attempt = options.idempotent ? attemptKey(method, path, body) : undefined;
  if (attempt) headers['Idempotency-Key'] = attempt.key;

  const send = () =>
    fetch(`${getRuntimeConfig().apiUrl}${path}`, {
      method,
      headers,
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: options.signal,
    });
  let response = await send();
  // The key's first send still runs (or its process died and a retry takes it over): same key again.
  for (let resend = 0; attempt && resend < RUNNING_RESENDS; resend++) {
    const wait = runningRetryDelayMs(response);
    if (wait === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    response = await send();
  }
  if (attempt && isFinalAnswer(response)) attempt.answered();
  if (!response.ok) {
    const parsed = parseText(await response.text());
    if (options.signOutOnAuthError && (response.status === 401 || response.status === 403)) {
      await signOutAfterAuthError();
    }
    throw new ApiError(
      response.status,
      messageOf(parsed, response.statusText || `HTTP ${response.status}`),
      parsed,
    );
  }
  return response;
}

function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(
  method: string,
  path: string,
  body: unknown,
  options?: ApiOptions,
): Promise<Answer> {
  const response = await call(method, path, body, options);
  return { body: parseText(await response.text()), headers: response.headers };
}

/** The file name of `Content-Disposition: attachment; filename="x.pdf"`, if it names a plain one. */
export function filenameOf(disposition: string | null): string | undefined {
  const name = /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1];
  return name?.trim() || undefined;
}

/**
 * GET of a file (an invoice PDF, say) with the bearer token, which a plain link could not send: the
 * answer is saved through a blob URL under the name the API gives it (or `fallbackName`). Returns that name.
 */
async function download(
  path: string,
  fallbackName: string,
  options: ApiOptions = {},
): Promise<string> {
  const response = await call('GET', path, undefined, {
    ...options,
    headers: { Accept: '*/*', ...options.headers },
  });
  const blob = await response.blob();
  const filename = filenameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
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

/** The shop's one API client: JSON in and out (or a file in), the bearer token when signed in. */
export const api = {
  get: <T>(path: string, options?: ApiOptions) => request<T>('GET', path, undefined, options),
  getPage,
  post: <T>(path: string, body?: unknown, options?: ApiOptions) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: ApiOptions) =>
    request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: ApiOptions) =>
    request<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: ApiOptions) => request<T>('DELETE', path, undefined, options),
  download,
  /** POSTs a file as the raw body with its own content type (the picture upload); JSON answer. */
  upload: <T>(path: string, file: Blob, options?: ApiOptions) =>
    request<T>('POST', path, file, options),
};
