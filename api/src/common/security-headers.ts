import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The headers helmet sets with these options. They depend on no request (no CSP nonces, no
 * directive functions), so they are computed once instead of building helmet on every request as
 * @fastify/helmet does (measured: a sizeable share of a cached catalog read).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  const request = {} as IncomingMessage;
  helmet(options)(request, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Every answer (errors and 404s included) carries the security headers; returns them as flat
 * name/value pairs, lower-cased as Fastify sends them.
 */
export function registerSecurityHeaders(
  fastify: FastifyInstance,
  options: HelmetOptions,
): readonly string[] {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  return Object.entries(headers).flatMap(([name, value]) => [name.toLowerCase(), value]);
}
