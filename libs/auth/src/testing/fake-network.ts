// The network under the real auth library in unit tests: `fetch` answered from a table of fake
// routes of the API, the identity provider and the registry, and every request recorded as sent.
import { TOTAL_COUNT_HEADER } from '@toolshop/contracts';
import { getRuntimeConfig } from '../runtime-config';

export type FakeService = 'api' | 'identity' | 'registry' | 'other';

/** A request as the browser would have sent it; `body` is the parsed JSON (or the Blob sent). */
export interface FakeRequest {
  method: string;
  service: FakeService;
  /** Path and query, relative to the service's base URL. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

const REPLY = Symbol('fake reply');

interface Reply {
  [REPLY]: 'answer' | 'fail' | 'hang';
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer with a status (an error answer of the API: `reply(404, { statusCode: 404, message })`). */
export function reply(status: number, body?: unknown, headers: Record<string, string> = {}): Reply {
  return { [REPLY]: 'answer', status, body, headers };
}

/** No answer at all: fetch rejects as when the server cannot be reached. */
export const unreachable = (): Reply => ({
  [REPLY]: 'fail',
  status: 0,
  body: undefined,
  headers: {},
});

/** An answer that never comes (a request still loading). */
export const pending = (): Reply => ({ [REPLY]: 'hang', status: 0, body: undefined, headers: {} });

/** The API's error answer: `{ statusCode, message }`. */
export const apiError = (status: number, message: string) =>
  reply(status, { statusCode: status, message });

/** One page of a list as the API answers it: the items and the total of all pages (X-Total-Count). */
export const listPage = (items: unknown[], total = items.length) =>
  reply(200, items, { [TOTAL_COUNT_HEADER]: String(total) });

/** What a route answers: a JSON body (200), a `reply(...)`, or a function of the request giving either. */
export type FakeAnswer = unknown | ((request: FakeRequest) => unknown | Promise<unknown>);

interface Route {
  method: string;
  service: FakeService;
  path: string | RegExp;
  answer: FakeAnswer;
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

/** jsdom has no Headers: the case-insensitive `get` the library reads. */
class FakeHeaders {
  readonly #values = new Map<string, string>();
  constructor(values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) this.#values.set(name.toLowerCase(), value);
  }
  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }
}

/** jsdom has no Response: what the library reads of one. */
function responseOf({ status, body, headers }: Reply): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json';
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: new FakeHeaders({ 'Content-Type': type, ...headers }),
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    blob: async () => new Blob([text], { type }),
  } as unknown as Response;
}

function serviceOf(url: string): { service: FakeService; path: string } {
  const { apiUrl, authority, registryUrl } = getRuntimeConfig();
  const bases: [FakeService, string | undefined][] = [
    ['api', apiUrl],
    ['identity', authority],
    ['registry', registryUrl],
  ];
  for (const [service, base] of bases) {
    if (base && url.startsWith(base)) return { service, path: url.slice(base.length) || '/' };
  }
  return { service: 'other', path: url };
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** A path without a query matches any query; with one, or a RegExp, the whole path and query. */
function matches(route: Route, method: string, service: FakeService, path: string): boolean {
  if (route.method !== method || route.service !== service) return false;
  if (route.path instanceof RegExp) return route.path.test(path);
  return route.path.includes('?') ? route.path === path : route.path === path.split('?')[0];
}

export class FakeNetwork {
  #routes: Route[] = [];
  #onces: Route[] = [];
  #requests: FakeRequest[] = [];

  /** Answers `method path` of the API (or another service) with `answer`; a later route wins. */
  on(method: string, path: string | RegExp, answer: FakeAnswer, service: FakeService = 'api') {
    this.#routes.unshift({ method, path, answer, service });
    return this;
  }

  /** One answer to the next matching request, before any `on` route; several queue up in order. */
  once(method: string, path: string | RegExp, answer: FakeAnswer, service: FakeService = 'api') {
    this.#onces.push({ method, path, answer, service });
    return this;
  }

  /** The requests sent, oldest first; only those of `method` (and `path`, matched as in `on`). */
  requests(method?: string, path?: string | RegExp, service: FakeService = 'api'): FakeRequest[] {
    if (!method) return [...this.#requests];
    const probe: Route = { method, service, path: path ?? /.*/, answer: undefined };
    return this.#requests.filter((request) =>
      matches(probe, request.method, request.service, request.path),
    );
  }

  /** The last request of `method path`; throws if none was sent. */
  last(method: string, path?: string | RegExp, service: FakeService = 'api'): FakeRequest {
    const found = this.requests(method, path, service).at(-1);
    if (!found) throw new Error(`No ${method} ${String(path ?? '')} was sent`);
    return found;
  }

  reset(): void {
    this.#routes = [];
    this.#onces = [];
    this.#requests = [];
  }

  /** The `fetch` to install: records the request, then answers from the routes (404 if none). */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const { service, path } = serviceOf(url);
    const request: FakeRequest = {
      method,
      service,
      path,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: bodyOf(init.body),
    };
    this.#requests.push(request);
    const fits = (candidate: Route) => matches(candidate, method, service, path);
    const once = this.#onces.find(fits);
    if (once) this.#onces = this.#onces.filter((candidate) => candidate !== once);
    const route = once ?? this.#routes.find(fits);
    if (!route) {
      return responseOf(
        reply(404, { statusCode: 404, message: `No fake answer for ${method} ${path}` }),
      );
    }
    const value =
      typeof route.answer === 'function'
        ? await (route.answer as (request: FakeRequest) => unknown)(request)
        : route.answer;
    const answer = isReply(value) ? value : reply(200, value);
    if (answer[REPLY] === 'fail') throw new TypeError('Failed to fetch');
    if (answer[REPLY] === 'hang') {
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    }
    return responseOf(answer);
  };
}
