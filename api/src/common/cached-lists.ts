import { TOTAL_COUNT_HEADER } from '@toolshop/contracts';
import { SetMetadata, type INestApplicationContext, type Type } from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders, RequestListener } from 'node:http';
import { IS_PUBLIC } from '../auth/auth.decorators';
import type { CorsHeaders } from './cors';
import { codingFor } from './compression';
import {
  JSON_TYPE,
  PUBLIC_CACHE_CONTROL,
  SNAPSHOT_VARY,
  revalidatesRaw,
  type JsonSnapshot,
} from './public-cache';

/** A cached page of a list: its body, and the total of all pages when the request asked for one. */
export interface CachedPage {
  body: JsonSnapshot;
  total?: number;
}

/** A service that keeps pages of a public list as ready answers while they are fresh. */
export interface CachedListSource {
  /** The fresh answer to the list's URL with this raw query string ('' for none), if held. */
  cachedList(search: string): CachedPage | undefined;
}

/** A public list's path and its cached answers, by raw query string, if fresh. */
export type CachedLists = ReadonlyMap<string, (search: string) => CachedPage | undefined>;

const CACHED_LIST = Symbol('cachedList');

/**
 * The route's plain GET (no query, no token) is answered from `source`'s fresh snapshot before
 * Fastify and Nest run (answerCachedLists). Only a public route without guards or interceptors of
 * its own may be: nothing a request would pass through in Nest is skipped (checked at start,
 * cachedListsOf).
 */
export const AnsweredFromCache = (source: Type<CachedListSource>) =>
  SetMetadata(CACHED_LIST, source);

/** Why a route marked AnsweredFromCache may not be answered before Nest, or undefined. */
export function cachedRouteProblem(controller: Type, handler: object): string | undefined {
  const has = (key: string | symbol) =>
    [handler, controller].some((target) => {
      const value: unknown = Reflect.getMetadata(key, target);
      return Array.isArray(value) ? value.length > 0 : Boolean(value);
    });
  if (!has(IS_PUBLIC)) return 'it is not public';
  if (has(GUARDS_METADATA)) return 'it has guards of its own';
  if (has(INTERCEPTORS_METADATA)) return 'it has interceptors of its own';
  return undefined;
}

const joinPath = (...parts: unknown[]) =>
  `/${parts
    .flatMap((part) => (typeof part === 'string' ? [part.replace(/^\/+|\/+$/g, '')] : []))
    .filter(Boolean)
    .join('/')}`;

/** Every route marked AnsweredFromCache, by its URL; throws at start for one that may not be. */
export function cachedListsOf(app: INestApplicationContext): CachedLists {
  const lists = new Map<string, (search: string) => CachedPage | undefined>();
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const controller = wrapper.metatype as Type | undefined;
    if (!controller) continue;
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler: unknown = controller.prototype[name];
      if (typeof handler !== 'function') continue;
      const source = Reflect.getMetadata(CACHED_LIST, handler) as
        Type<CachedListSource> | undefined;
      if (!source) continue;
      const path = joinPath(
        Reflect.getMetadata(PATH_METADATA, controller),
        Reflect.getMetadata(PATH_METADATA, handler),
      );
      const problem = cachedRouteProblem(controller, handler);
      if (problem) throw new Error(`${path} cannot be answered from a cache: ${problem}`);
      const service = app.get(source);
      lists.set(path, (search) => service.cachedList(search));
    }
  }
  return lists;
}

/** What a cached list's answer carries besides its snapshot, computed by the pipeline's parts. */
export interface CachedAnswerParts {
  /** The security headers (flat name/value pairs), as every answer carries them. */
  securityHeaders: readonly string[];
  cors: CorsHeaders;
  /** A request's id and trace: their headers, and its log line and metrics sample once answered. */
  records(headers: IncomingHttpHeaders): {
    headers: readonly string[];
    finished(method: string, route: string, url: string, status: number, ms: number): void;
  };
  /** True from the shutdown signal on: answers then close their connection (Fastify's hook). */
  draining(): boolean;
}

/**
 * The shop's hottest reads, GET /tools without a query and GET /reviews without one or with the
 * home page's `limit=6&page=1`, with no token, are answered from the catalog cache's snapshot (in
 * the coding the client accepts) by the HTTP server before Fastify and Nest see them (their
 * routing, request and reply objects, a logger per request, hooks, guards, pipes and interceptors
 * were two thirds of the CPU of such a read). The answer is the one the pipeline gives, byte for
 * byte but for the ids: the same headers in the same order (request ids and trace, security
 * headers, CORS, ETag, Cache-Control, 304), the same log line and metrics sample. Any other
 * request, one the cache holds no fresh snapshot for, and every request once the API drains or
 * closes go to Fastify. Call once every hook is registered.
 */
export function answerCachedLists(
  fastify: FastifyInstance,
  lists: CachedLists,
  parts: CachedAnswerParts,
): void {
  const server = fastify.server;
  const [throughFastify, ...others] = server.listeners('request') as RequestListener[];
  if (!throughFastify || others.length > 0)
    throw new Error('Fastify has no single request listener');
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const answer: RequestListener = (request, response) => {
    const { method, url = '', headers } = request;
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const cachedPage =
      method === 'GET' && !headers.authorization && !closing && !parts.draining()
        ? lists.get(path)?.(queryAt < 0 ? '' : url.slice(queryAt + 1))
        : undefined;
    if (!cachedPage) return throughFastify(request, response);
    const { body: snapshot, total } = cachedPage;
    const started = performance.now();
    const records = parts.records(headers);
    const tagged = revalidatesRaw(method, url);
    const revalidated = tagged && headers['if-none-match'] === snapshot.etag;
    const coding = codingFor(headers['accept-encoding']);
    const coded = revalidated ? undefined : snapshot.codedBody(coding);
    const body = revalidated ? '' : (coded ?? snapshot.body);
    const status = revalidated ? 304 : 200;
    // CORS's fields, but for Vary, which sendSnapshot sets (it leaves Vary where it was).
    const cors = parts
      .cors(headers.origin)
      .map((value, i, all) => (all[i - 1] === 'vary' && i % 2 === 1 ? SNAPSHOT_VARY : value));
    const fields: string[] = [
      ...records.headers,
      ...parts.securityHeaders,
      ...cors,
      ...(total === undefined ? [] : [TOTAL_COUNT_HEADER.toLowerCase(), String(total)]),
      'content-type',
      JSON_TYPE,
      ...(coded ? ['content-encoding', coding!] : []),
    ];
    if (tagged) fields.push('etag', snapshot.etag, 'cache-control', PUBLIC_CACHE_CONTROL);
    fields.push('content-length', String(body.length));
    response.writeHead(status, fields);
    // The route's template is its path: lists are keyed by it.
    response.end(body, () =>
      records.finished('GET', path, url, status, performance.now() - started),
    );
  };
  server.removeListener('request', throughFastify);
  server.on('request', answer);
}
