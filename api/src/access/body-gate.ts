import { UnauthorizedException } from '@nestjs/common';
import { ApiMessages, Messages, RuleMessages } from '@toolshop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import passport from 'passport';
import type { AuthUser } from '../auth/auth-user';
import type { BodyGate } from '../common/route-body-limits';
import type { AdminDirectory } from './admin-directory';

const refusal = (statusCode: number, message: string) =>
  Object.assign(new Error(message), { statusCode });

/** The caller of the global JwtAuthGuard's strategy ('jwt'), or the 401 it would answer. */
function verifiedCaller(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> {
  return new Promise((resolve, reject) => {
    const done = (error: unknown, user: AuthUser | false, info: unknown) => {
      if (error instanceof UnauthorizedException) return reject(refusal(401, error.message));
      if (error || !user) {
        const missing = info instanceof Error && info.message === 'No auth token';
        return reject(refusal(401, missing ? ApiMessages.signInFirst : ApiMessages.sessionInvalid));
      }
      resolve(user);
    };
    passport.authenticate('jwt', { session: false }, done)(request, reply, (error: unknown) =>
      reject(error instanceof Error ? error : refusal(401, ApiMessages.sessionInvalid)),
    );
  });
}

/**
 * Checks the caller of a route with a large body (an upload, a long list) before a byte of the body
 * is read: the access token as the global guard checks it and, for `admin`, the admin role as the
 * AdminGuard does. A refusal (401/403) is answered at once and closes the connection, so the body a
 * stranger started to send is neither read nor waited for. The route's guards still run as usual.
 */
export function bodyGate(admins: AdminDirectory): BodyGate {
  return (access) => (request, reply) =>
    verifiedCaller(request, reply)
      .then(async (caller) => {
        if (access !== 'admin') return;
        if (!(await admins.isAdmin(caller.email))) throw refusal(403, Messages.onlyAdmin);
        if (!caller.emailVerified) throw refusal(403, RuleMessages.adminNeedsVerifiedEmail);
      })
      .catch((error: unknown) => {
        void reply.header('Connection', 'close');
        throw error;
      });
}
