import { Messages, TEXT_MAX_LENGTH, validateSignup } from '@toolshop/contracts';
import type { Context, Next } from 'koa';
import { applyCors, HttpError, readJson, sendError } from '../http/http-helpers.ts';
import { RateLimiter } from '../throttle/rate-limiter.ts';
import { EmailTakenError, type Account, type AccountStore } from './account-store.ts';

export const EMAIL_TAKEN = 'This email is already registered.';
export const TOO_MANY_REQUESTS = 'Too many requests from your address. Please wait a few minutes and try again.';
const PASSWORD_MAX_LENGTH = 200;

/** Requests per client address and window; over it the address gets 429 until the window ends. */
export interface AccountRateLimits {
  signups: number;
  renames: number;
  windowMs: number;
}

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = { signups: 10, renames: 30, windowMs: 15 * 60_000 };

export interface AccountsRoutesOptions {
  accounts: AccountStore;
  webOrigins: ReadonlySet<string>;
  /** Resolves the account id (`sub`) of a valid access token for the API, or throws. */
  verifyAccessToken: (token: string) => Promise<string>;
  limits?: AccountRateLimits;
}

const invalid = (description: string, field: string) => new HttpError(400, 'invalid_request', description, { field });

function firstError(errors: Partial<Record<string, string>>): [string, string] | undefined {
  const entry = Object.entries(errors).find(([, message]) => message);
  return entry ? [entry[0], entry[1]!] : undefined;
}

function checkLengths(fields: Record<string, unknown>) {
  for (const field of ['name', 'email'] as const) {
    const value = fields[field];
    if (typeof value === 'string' && value.trim().length > TEXT_MAX_LENGTH) {
      throw invalid(`The ${field} must be at most ${TEXT_MAX_LENGTH} characters long.`, field);
    }
  }
  if (typeof fields.password === 'string' && fields.password.length > PASSWORD_MAX_LENGTH) {
    throw invalid(`The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`, 'password');
  }
}

const publicView = (account: Account) => ({ email: account.email, name: account.name });

/**
 * Sign-up (`POST /accounts`) and display-name update (`PATCH /accounts/me`): the two calls besides
 * standard OIDC that the shop makes to its identity provider.
 */
export function accountsRoutes(options: AccountsRoutesOptions) {
  const { accounts, webOrigins, verifyAccessToken } = options;
  const limits = options.limits ?? DEFAULT_ACCOUNT_RATE_LIMITS;
  const signupLimiter = new RateLimiter(limits.signups, limits.windowMs);
  const updateLimiter = new RateLimiter(limits.renames, limits.windowMs);

  const limit = (limiter: RateLimiter, ctx: Context) => {
    const retryAfter = limiter.hit(ctx.ip);
    if (retryAfter !== undefined) {
      throw new HttpError(429, 'too_many_requests', TOO_MANY_REQUESTS, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
  };

  async function signUp(ctx: Context) {
    limit(signupLimiter, ctx);
    const body = await readJson(ctx);
    const problem = firstError(validateSignup(body));
    if (problem) throw invalid(problem[1], problem[0]);
    checkLengths(body);
    try {
      const account = await accounts.create({
        name: String(body.name),
        email: String(body.email),
        password: String(body.password),
      });
      ctx.status = 201;
      ctx.body = publicView(account);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new HttpError(400, 'email_taken', EMAIL_TAKEN, { field: 'email' });
      throw error;
    }
  }

  async function updateMe(ctx: Context) {
    limit(updateLimiter, ctx);
    const [scheme, token] = ctx.get('Authorization').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new HttpError(401, 'invalid_token', 'Sign in first: the request carries no access token.', {
        headers: { 'WWW-Authenticate': 'Bearer' },
      });
    }
    let accountId: string;
    try {
      accountId = await verifyAccessToken(token);
    } catch {
      throw new HttpError(401, 'invalid_token', 'Your session has expired. Please sign in again.', {
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      });
    }
    const body = await readJson(ctx);
    if (typeof body.name !== 'string' || !body.name.trim()) throw invalid(Messages.nameRequired, 'name');
    checkLengths({ name: body.name });
    const account = await accounts.updateName(accountId, body.name);
    if (!account) throw new HttpError(404, 'not_found', 'This account no longer exists.');
    ctx.body = publicView(account);
  }

  return async function accountsMiddleware(ctx: Context, next: Next) {
    const route =
      ctx.path === '/accounts' ? { methods: 'POST', handle: signUp } : ctx.path === '/accounts/me' ? { methods: 'PATCH', handle: updateMe } : undefined;
    if (!route) return next();
    if (applyCors(ctx, webOrigins, route.methods)) return;
    ctx.set('Cache-Control', 'no-store');
    try {
      if (ctx.method !== route.methods) {
        throw new HttpError(405, 'invalid_request', `Use ${route.methods} for ${ctx.path}.`, {
          headers: { Allow: route.methods },
        });
      }
      await route.handle(ctx);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      sendError(ctx, error);
    }
  };
}
