import { ApiError, messageOf } from './api-error';
import { getRuntimeConfig } from './runtime-config';

/** The shop's services besides the API (which `api` calls): the identity provider, the remote registry. */
export type ShopService = 'identity' | 'registry';

export interface ServiceRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** The bearer token, if the route wants one. */
  token?: string | null;
  signal?: AbortSignal;
  /** The message when the service's answer carries none. */
  fallback: (status: number) => string;
}

/**
 * One JSON call to the identity provider or the registry. A non-2xx answer throws an ApiError with
 * the service's `message` (the one error shape the API answers too), like the API client's.
 */
export async function serviceRequest(
  service: ShopService,
  path: string,
  { method = 'GET', body, token, signal, fallback }: ServiceRequest,
): Promise<{ status: number; body: unknown }> {
  const config = getRuntimeConfig();
  const base = service === 'identity' ? config.authority : config.registryUrl;
  if (!base) throw new ApiError(0, 'This shop runs without a remote registry.');
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok)
    throw new ApiError(response.status, messageOf(answer, fallback(response.status)), answer);
  return { status: response.status, body: answer };
}
