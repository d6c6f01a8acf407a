import { ApiMessages } from '@toolshop/contracts';
import type { FastifyInstance } from 'fastify';

/** No route's body nests deeper than a few levels; anything beyond is an attack on the validators. */
export const MAX_BODY_DEPTH = 16;

/** How deeply a parsed JSON value nests, counted without recursion (so no input overflows the stack). */
export function exceedsDepth(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Deeply nested bodies answer 400 before any validator walks them (recursively) into a 500. */
export function refuseDeepBodies(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request) => {
    if (request.body !== undefined && exceedsDepth(request.body, MAX_BODY_DEPTH)) {
      throw Object.assign(new Error(ApiMessages.bodyTooDeep), { statusCode: 400 });
    }
  });
}
