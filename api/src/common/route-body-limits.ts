import {
  COMPANY_PRICES_MAX,
  IMAGE_UPLOAD_MAX_BYTES,
  LINE_PRODUCT_MAX_LENGTH,
  ORDER_LINES_MAX,
  QUOTE_NOTE_MAX_LENGTH,
} from '@toolshop/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Who may send a route's large body: any signed-in user, or an admin only. */
export type BodyAccess = 'signedIn' | 'admin';

/** Checks the caller before the body is read; rejects with the answer's error (401/403). */
export type BodyGate = (
  access: BodyAccess,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Routes whose valid bodies may be longer than the API's BODY_LIMIT_BYTES, each with who may send
 * one: the caller is checked before a byte of such a body is read (a stranger's megabytes are never
 * buffered). A quick order's check takes ORDER_LINES_MAX lines of product texts of up to
 * LINE_PRODUCT_MAX_LENGTH characters (JSON escapes a character in at most 6 bytes), so a list the
 * shop accepts is never refused as too large; an admin's picture upload (POST /images, read by its
 * own parser, images/image-upload.ts) takes up to IMAGE_UPLOAD_MAX_BYTES.
 */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, { limit: number; access: BodyAccess }>> = {
  'POST /quickOrders/check': {
    limit: ORDER_LINES_MAX * (LINE_PRODUCT_MAX_LENGTH * 6 + 64) + 1024,
    access: 'signedIn',
  },
  'POST /images': { limit: IMAGE_UPLOAD_MAX_BYTES, access: 'admin' },
  // A company's fixed prices: an id and a price of a few digits each.
  'PUT /admin/companies/:id/prices': { limit: COMPANY_PRICES_MAX * 80 + 1024, access: 'admin' },
  // A quote request: a quick order's lines and a note.
  'POST /quotes': {
    limit: ORDER_LINES_MAX * (LINE_PRODUCT_MAX_LENGTH * 6 + 64) + QUOTE_NOTE_MAX_LENGTH * 6 + 1024,
    access: 'signedIn',
  },
};

/**
 * Applies ROUTE_BODY_LIMITS as the routes are registered (before Nest's init): the route's limit,
 * and the gate as its first preParsing hook (after onRequest, before any body parser reads).
 */
export function registerRouteBodyLimits(fastify: FastifyInstance, gate: BodyGate): void {
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const large = ROUTE_BODY_LIMITS[`${method} ${route.url}`];
      if (large === undefined) continue;
      route.bodyLimit = large.limit;
      const check = gate(large.access);
      const before = [route.preParsing ?? []].flat();
      route.preParsing = [
        (request, reply, payload, done) => {
          check(request, reply).then(
            () => done(null, payload),
            (error: Error) => done(error),
          );
        },
        ...before,
      ];
    }
  });
}

const METHODS = ['put', 'post', 'delete', 'patch'] as const;

/**
 * The document says what the body limit does: every operation that takes a body may answer 413,
 * since a body past the route's limit (BODY_LIMIT_BYTES unless ROUTE_BODY_LIMITS raises it) is
 * refused before it is read, before validation and, on most routes, before the sign-in check.
 * Derived here, so no route with a body can be documented without it.
 */
export function documentBodyLimits(document: OpenAPIObject): OpenAPIObject {
  for (const path of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = path[method];
      if (!operation?.requestBody) continue;
      operation.responses = {
        ...operation.responses,
        413: operation.responses[413] ?? {
          description: 'The body is longer than any the route accepts',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
          },
        },
      };
    }
  }
  return document;
}
