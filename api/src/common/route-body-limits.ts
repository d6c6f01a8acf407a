import { LINE_PRODUCT_MAX_LENGTH, ORDER_LINES_MAX } from '@toolshop/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Routes whose valid bodies may be longer than the API's BODY_LIMIT_BYTES: a quick order's check
 * takes ORDER_LINES_MAX lines of product texts of up to LINE_PRODUCT_MAX_LENGTH characters (JSON
 * escapes a character in at most 6 bytes), so a list the shop accepts is never refused as too large.
 */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  'POST /quickOrders/check': ORDER_LINES_MAX * (LINE_PRODUCT_MAX_LENGTH * 6 + 64) + 1024,
};

/** Applies ROUTE_BODY_LIMITS as the routes are registered (before Nest's init). */
export function registerRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const limit = ROUTE_BODY_LIMITS[`${method} ${route.url}`];
      if (limit !== undefined) route.bodyLimit = limit;
    }
  });
}
