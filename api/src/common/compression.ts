import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlib,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** A content coding an answer goes out in. */
export type ContentCoding = 'br' | 'gzip';
/** A body smaller than this gains too little from a coding to be worth one. */
export const MIN_CODED_BYTES = 1024;

/** The coding an answer takes for this Accept-Encoding: brotli, else gzip, else none (q=0: not). */
export function codingFor(
  acceptEncoding: string | string[] | undefined,
): ContentCoding | undefined {
  if (typeof acceptEncoding !== 'string' || acceptEncoding === '') return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}

// Brotli at quality 5: about gzip's time for a smaller body (its default, 11, is 50 times slower).
const brotliOptions = (body: Buffer): BrotliOptions => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
});

/** `body` in `coding`, at once (a snapshot's, coded once and kept). */
export const codedSync = (body: Buffer, coding: ContentCoding): Buffer =>
  coding === 'br' ? brotliCompressSync(body, brotliOptions(body)) : gzipSync(body);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Every other JSON answer of 1 kB or more (a customer's 200 orders, an admin's pages) goes out in
 * brotli or gzip as Accept-Encoding allows, coded on libuv's threads; after the ETag hook, so a tag
 * stays of the JSON itself. One already coded (a snapshot's) passes as it is.
 */
export function registerCompression(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || reply.statusCode === 304) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < MIN_CODED_BYTES) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary))
      void reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const coding = codingFor(request.headers['accept-encoding']);
    if (!coding) return payload;
    void reply.header('content-encoding', coding);
    return coding === 'br' ? brotliAsync(body, brotliOptions(body)) : gzipAsync(body);
  });
}
