import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MIN_CODED_BYTES, codedSync, codingFor, type ContentCoding } from './compression';

/** Public catalog reads that carry an ETag (and answer 304 to a matching If-None-Match). */
const CACHEABLE = /^\/(tools(\/[^/?]*)?|reviews)(\?|$)/;
export const JSON_TYPE = 'application/json; charset=utf-8';

const etagOf = (body: string | Buffer) =>
  `W/"${createHash('sha1').update(body).digest('base64url')}"`;
/** Whether an answer to this request carries an ETag and `Cache-Control: public, no-cache`. */
export const revalidatesRaw = (method: string | undefined, url = '', authorization?: string) =>
  method === 'GET' && CACHEABLE.test(url) && !authorization;
const revalidates = (request: FastifyRequest) =>
  revalidatesRaw(request.method, request.url, request.headers.authorization);
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';

/** What a snapshot's answer varies by: the CORS Origin, and its coding. */
export const SNAPSHOT_VARY = 'Origin, Accept-Encoding';

/**
 * A JSON answer serialised once, as UTF-8 bytes, with its ETag: what the catalog caches keep, so a
 * cached read neither serialises, encodes nor hashes its list again (the hottest reads of the shop).
 * Its brotli and gzip codings are made once too, when first asked for (a list of 200 tools is
 * 57 kB as it is, 5 kB in brotli). The ETag is weak: the same for every coding.
 */
export class JsonSnapshot {
  readonly body: Buffer;
  readonly etag: string;
  private readonly coded: Partial<Record<ContentCoding, Buffer>> = {};

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = etagOf(this.body);
  }

  /** The body in `coding`, or undefined when it goes as it is (no coding, or too small to gain). */
  codedBody(coding: ContentCoding | undefined): Buffer | undefined {
    if (!coding || this.body.length < MIN_CODED_BYTES) return undefined;
    this.coded[coding] ??= codedSync(this.body, coding);
    return this.coded[coding];
  }
}

/**
 * Answers a snapshot as it was serialised (same bytes and type as Fastify's serialiser), in the
 * coding the client accepts.
 */
export function sendSnapshot(
  request: FastifyRequest,
  reply: FastifyReply,
  snapshot: JsonSnapshot,
): Buffer {
  void reply.header('vary', SNAPSHOT_VARY).type(JSON_TYPE);
  const coding = codingFor(request.headers['accept-encoding']);
  const coded = snapshot.codedBody(coding);
  if (coded) void reply.header('content-encoding', coding);
  if (revalidates(request)) void reply.header('ETag', snapshot.etag);
  return coded ?? snapshot.body;
}

/**
 * Public catalog reads are not rate limited; they are cheap to revalidate instead: a weak ETag of
 * the body and `Cache-Control: no-cache` (stock changes, so always revalidate). A snapshot's ETag
 * was computed with it; any other answer is hashed here.
 */
export function registerPublicCache(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const isBody = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (!isBody || reply.statusCode !== 200 || !revalidates(request)) return done(null, payload);
    const known = reply.getHeader('ETag');
    const etag = typeof known === 'string' ? known : etagOf(payload);
    void reply.header('ETag', etag).header('Cache-Control', PUBLIC_CACHE_CONTROL);
    if (request.headers['if-none-match'] === etag) {
      void reply.code(304).removeHeader('content-encoding');
      return done(null, '');
    }
    done(null, payload);
  });
}
