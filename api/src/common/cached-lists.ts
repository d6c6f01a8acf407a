import type { FastifyInstance } from 'fastify';
import { sendSnapshot, type JsonSnapshot } from './public-cache';

/** A public list's URL (no query) and its cached default page, if fresh. */
export type CachedLists = ReadonlyMap<string, () => JsonSnapshot | undefined>;

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
