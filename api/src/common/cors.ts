import { ApiMessages } from '@toolshop/contracts';
import type { FastifyInstance } from 'fastify';

export interface CorsPolicy {
  /** The web origins whose pages may call the API (exact matches). */
  origins: readonly string[];
  methods: readonly string[];
  allowedHeaders: readonly string[];
  /** Response headers the pages' fetch may read. */
  exposedHeaders: readonly string[];
  /** How long a browser may reuse a preflight's answer. */
  maxAgeSeconds: number;
}

/** The CORS headers of a simple request's answer from this Origin, as flat name/value pairs. */
export type CorsHeaders = (origin: string | undefined) => readonly string[];

/**
 * CORS with every header value computed once. Only an allowed origin gets access-control headers;
 * every answer varies by Origin. A preflight is answered 204 here, after the trace ids and security
 * headers are set; an OPTIONS request that is no preflight gets 400 in the API's error shape.
 * (Nest's enableCors ran @fastify/cors, which spread its options and joined its lists on every
 * request, and copied its headers to the raw response: a fifth of a cached read's CPU.)
 */
export function registerCors(fastify: FastifyInstance, policy: CorsPolicy): CorsHeaders {
  const allowed = new Set(policy.origins);
  const exposed = policy.exposedHeaders.join(', ');
  const varyByOrigin = ['vary', 'Origin'] as const;
  const preflight = {
    'access-control-allow-methods': policy.methods.join(', '),
    'access-control-allow-headers': policy.allowedHeaders.join(', '),
    'access-control-max-age': String(policy.maxAgeSeconds),
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    const granted = origin !== undefined && allowed.has(origin);
    if (granted) {
      void reply.header('access-control-allow-origin', origin);
      void reply.header('access-control-expose-headers', exposed);
    }
    if (request.method !== 'OPTIONS') return done();
    if (origin === undefined || request.headers['access-control-request-method'] === undefined) {
      return done(Object.assign(new Error(ApiMessages.badPreflight), { statusCode: 400 }));
    }
    if (granted) void reply.headers(preflight);
    void reply.code(204).header('content-length', '0').send();
  });
  return (origin) =>
    origin !== undefined && allowed.has(origin)
      ? [
          ...varyByOrigin,
          'access-control-allow-origin',
          origin,
          'access-control-expose-headers',
          exposed,
        ]
      : varyByOrigin;
}
