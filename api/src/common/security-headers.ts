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
 * The API answers JSON and images, never a page: nothing in them may run, load (styles aside), be
 * framed or leak a referrer. Helmet's headers that only a page reads (COOP, Origin-Agent-Cluster,
 * DNS prefetch) or only retired software did (X-XSS-Protection, X-Download-Options, Adobe's
 * cross-domain policies) are left out: each was bytes and work on every answer, the hottest ones
 * included.
 * Images go to the shop's other origins (CORP cross-origin).
 */
export const API_SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    // Inline styles only: the browser's own viewer of an image or JSON opened on its own uses them.
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Swagger UI at /docs, the API's one page: its inline script and styles, helmet's defaults. */
export const DOCS_SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      // Served over plain http on local machines: do not ask browsers to upgrade.
      upgradeInsecureRequests: null,
    },
  },
};

/** Where the security headers of a page apply instead of the API's (its path and below). */
export interface PageHeaders {
  path: string;
  options: HelmetOptions;
}

/**
 * Every answer (errors and 404s included) carries the security headers of `options`, but those
 * under `page.path` carry the page's. Returns the API's headers as flat name/value pairs,
 * lower-cased as Fastify sends them.
 */
export function registerSecurityHeaders(
  fastify: FastifyInstance,
  options: HelmetOptions,
  page: PageHeaders,
): readonly string[] {
  const headers = securityHeaders(options);
  const pageHeaders = securityHeaders(page.options);
  const underPage = new RegExp(`^${page.path}(?:[/?]|$)`);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(underPage.test(request.url) ? pageHeaders : headers);
    done();
  });
  return Object.entries(headers).flatMap(([name, value]) => [name.toLowerCase(), value]);
}
