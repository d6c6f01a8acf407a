import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';

/** PaymentsController's webhook route. */
const WEBHOOK_PATH = '/payments/webhook';
const MAX_WEBHOOK_BYTES = 64 * 1024;

/**
 * Stripe signs the exact bytes it sends, so the webhook needs the body before JSON parsing.
 * Keeps a copy as `request.rawBody` (the name Nest's own rawBody option uses) for that one route
 * only; every other request is untouched and the normal JSON parser still runs.
 */
export function keepWebhookRawBody(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== WEBHOOK_PATH) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > MAX_WEBHOOK_BYTES) {
        throw Object.assign(new Error('The request body is too large'), {
          statusCode: 413,
          code: 'FST_ERR_CTP_BODY_TOO_LARGE',
        });
      }
      chunks.push(chunk as Buffer);
    }
    const rawBody = Buffer.concat(chunks);
    (request as { rawBody?: Buffer }).rawBody = rawBody;
    return Readable.from([rawBody]);
  });
}
