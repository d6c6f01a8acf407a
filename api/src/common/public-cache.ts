import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Public catalog reads that carry an ETag (and answer 304 to a matching If-None-Match). */
const CACHEABLE = /^\/(tools(\/[^/?]*)?|reviews)(\?|$)/;

/**
 * Public catalog reads are not rate limited; they are cheap to revalidate instead: a weak ETag of
 * the body and `Cache-Control: no-cache` (stock changes, so always revalidate).
 */
export function registerPublicCache(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string')
      return payload;
    if (!CACHEABLE.test(request.url) || request.headers.authorization) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    void reply.header('ETag', etag).header('Cache-Control', 'public, no-cache');
    if (request.headers['if-none-match'] === etag) {
      void reply.code(304);
      return '';
    }
    return payload;
  });
}
