import { SetMetadata, type INestApplicationContext, type Type } from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { IS_PUBLIC } from '../auth/auth.decorators';
import { sendSnapshot, type JsonSnapshot } from './public-cache';

/** A service that keeps a public list's default page as a ready answer while it is fresh. */
export interface CachedListSource {
  cachedList(): JsonSnapshot | undefined;
}

/** A public list's URL (no query) and its cached default page, if fresh. */
export type CachedLists = ReadonlyMap<string, () => JsonSnapshot | undefined>;

const CACHED_LIST = Symbol('cachedList');

/**
 * The route's plain GET (no query, no token) is answered from `source`'s fresh snapshot before
 * Nest runs (answerCachedLists). Only a public route without guards or interceptors of its own may
 * be: nothing a request would pass through in Nest is skipped (checked at start, cachedListsOf).
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
  const lists = new Map<string, () => JsonSnapshot | undefined>();
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
      lists.set(path, () => service.cachedList());
    }
  }
  return lists;
}

/**
 * The shop's hottest reads, GET /tools and GET /reviews without a query or a token, are answered
 * from the catalog cache's snapshot here, after the other onRequest hooks (trace ids, security
 * headers, CORS) and before Nest's router, guards, pipes and interceptors (a third of the CPU of
 * such a read). onSend (ETag, 304) and onResponse (log line, metrics) still run. Any other request,
 * or one the cache holds no fresh snapshot for, goes through Nest. Register after registerCors().
 */
export function answerCachedLists(fastify: FastifyInstance, lists: CachedLists): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const cached =
      request.method === 'GET' && !request.headers.authorization
        ? lists.get(request.url)?.()
        : undefined;
    if (!cached) return done();
    void reply.send(sendSnapshot(request, reply, cached));
  });
}
