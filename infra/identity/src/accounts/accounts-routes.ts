import {
  nameError,
  normalizeEmail,
  IdentityMessages,
  TEXT_MAX_LENGTH,
  validateEmail,
  validateSignup,
} from '@toolshop/contracts';
import type { Context, Next } from 'koa';
import type { Db } from 'mongodb';
import { applyCors, HttpError, readJson, sendError } from '../http/http-helpers.ts';
import { errorBlock, sendPage } from '../http/page.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { accountMails } from '../mail/account-mails.ts';
import { LoginLockedError, type LoginThrottle } from '../throttle/login-throttle.ts';
import { RateLimiter } from '../throttle/rate-limiter.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword } from './password-hash.ts';
import type { OneTimeTokens } from './one-time-tokens.ts';
import {
  EmailTakenError,
  VERIFICATION_TTL_MS,
  type Account,
  type AccountStore,
} from './account-store.ts';
import { isSameSitePath, RETURN_PATH_INVALID } from './return-path.ts';

export const TOO_MANY_REQUESTS =
  'Too many requests from your address. Please wait a few minutes and try again.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const TOO_MANY_VERIFICATION_MAILS =
  'A verification link was sent just now. Please check your inbox or wait a few minutes before asking again.';
export const VERIFICATION_LINK_INVALID =
  'This verification link is invalid, was already used or has expired.';
export const SIGNUP_EMAIL_TAKEN =
  'This email address already has a Toolshop account. Sign in with its password, or reset the password from the sign-in page.';
/** Sign-up mails (a link to finish, or the notice to the owner) per address and window. */
const SIGNUP_MAILS_PER_WINDOW = 3;
/** The sign-in a finished sign-up hands to the shop must be completed within this time. */
export const LOGIN_TICKET_TTL_MS = 10 * 60_000;

/** A password reset link works this long, once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** Reset mails per address and window (silently none past it). */
const RESET_MAILS_PER_WINDOW = 3;

/** The account a password reset link is for. */
export interface PasswordReset {
  accountId: string;
}

/** A sign-up waiting for its mailed link: the account is made only when the link is followed. */
export interface PendingSignup {
  email: string;
  name: string;
  passwordHash: string;
  /** The shop's page the sign-up started from (a tool's "Buy Now"), handed back when the link is followed. */
  returnTo?: string;
}

/** The sign-in a followed sign-up link grants once, redeemed by the authorization request (`login_ticket`). */
export interface LoginTicket {
  accountId: string;
}
/** Verification mails per account and window (POST /accounts/me/verification). */
const VERIFICATION_MAILS_PER_WINDOW = 3;
const PASSWORD_MAX_LENGTH = 200;

/** Requests per client address and window; over it the address gets 429 until the window ends. */
export interface AccountRateLimits {
  signups: number;
  renames: number;
  windowMs: number;
}

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  signups: 10,
  renames: 30,
  windowMs: 15 * 60_000,
};

export interface AccountsRoutesOptions {
  accounts: AccountStore;
  /** Holds the rate limits' counters, shared by every instance of the provider. */
  db: Db;
  webOrigins: ReadonlySet<string>;
  /** Resolves the account id (`sub`) of a valid access token for the API, or throws. */
  verifyAccessToken: (token: string) => Promise<string>;
  limits?: AccountRateLimits;
  /** Sends the verification mails. */
  mailer: Mailer;
  /** The provider's public URL: the verification link is `${issuer}/accounts/verify?token=…`. */
  issuer: string;
  /** Sign-ups waiting for their link (collection `signups`). */
  signups: OneTimeTokens<PendingSignup>;
  /** Sign-ins of finished sign-ups, for the shop's authorization request. */
  loginTickets: OneTimeTokens<LoginTicket>;
  /** Pending password resets (collection `password_resets`). */
  resets: OneTimeTokens<PasswordReset>;
  /** Counts wrong current passwords of a password change like failed sign-ins (lockout). */
  throttle: LoginThrottle;
  /** Ends every session, grant and refresh token of the account (after a reset or a change). */
  revokeAccount: (accountId: string) => Promise<void>;
  log: (line: string) => void;
}

const invalid = (description: string, field: string) =>
  new HttpError(400, 'invalid_request', description, { field });

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
    throw invalid(
      `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
      'password',
    );
  }
}

const publicView = (account: Account) => ({ email: account.email, name: account.name });

/**
 * Sign-up (`POST /accounts`) and display-name update (`PATCH /accounts/me`): the two calls besides
 * standard OIDC that the shop makes to its identity provider.
 */
export function accountsRoutes(options: AccountsRoutesOptions) {
  const { accounts, db, webOrigins, verifyAccessToken, mailer, issuer, log } = options;
  const limits = options.limits ?? DEFAULT_ACCOUNT_RATE_LIMITS;
  const signupLimiter = new RateLimiter(db, 'signups', limits.signups, limits.windowMs);
  const updateLimiter = new RateLimiter(db, 'renames', limits.renames, limits.windowMs);
  const mailLimiter = new RateLimiter(
    db,
    'verification-mails',
    VERIFICATION_MAILS_PER_WINDOW,
    limits.windowMs,
  );
  const signupMailLimiter = new RateLimiter(
    db,
    'signup-mails',
    SIGNUP_MAILS_PER_WINDOW,
    limits.windowMs,
  );
  const { signups, loginTickets, resets, throttle, revokeAccount } = options;
  const resetLimiter = new RateLimiter(db, 'password-resets', limits.signups, limits.windowMs);
  const resetMailLimiter = new RateLimiter(
    db,
    'password-reset-mails',
    RESET_MAILS_PER_WINDOW,
    limits.windowMs,
  );
  const [firstOrigin] = webOrigins;
  const {
    alreadyRegisteredMail,
    noAccountMail,
    passwordChangedMail,
    resetMail,
    signupMail,
    verificationMail,
  } = accountMails(firstOrigin!);

  const limit = async (limiter: RateLimiter, key: string, message = TOO_MANY_REQUESTS) => {
    const retryAfter = await limiter.hit(key);
    if (retryAfter !== undefined) {
      throw new HttpError(429, 'too_many_requests', message, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
  };

  /** Sends a new verification link; a mail failure is logged, never shown as a failed sign-up. */
  async function sendVerification(account: Account): Promise<boolean> {
    const token = await accounts.newVerificationToken(account.id);
    if (!token) return false;
    const link = `${issuer}/accounts/verify?token=${token}`;
    try {
      await mailer.send(verificationMail(account.email, link));
      return true;
    } catch (error) {
      log(
        `verification mail to ${account.email} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }

  /** The account of the request's bearer access token. */
  async function signedIn(ctx: Context): Promise<Account> {
    const [scheme, token] = ctx.get('Authorization').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new HttpError(
        401,
        'invalid_token',
        'Sign in first: the request carries no access token.',
        {
          headers: { 'WWW-Authenticate': 'Bearer' },
        },
      );
    }
    let accountId: string;
    try {
      accountId = await verifyAccessToken(token);
    } catch {
      throw new HttpError(401, 'invalid_token', 'Your session has expired. Please sign in again.', {
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      });
    }
    const account = await accounts.findById(accountId);
    if (!account) throw new HttpError(404, 'not_found', 'This account no longer exists.');
    return account;
  }

  /** A mail whose failure is logged, never shown: the answer must not depend on it. */
  async function sendQuietly(message: MailMessage) {
    try {
      await mailer.send(message);
    } catch (error) {
      log(
        `mail to ${message.to} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * The same answer (202, one body) whether or not the address has an account, after the same
   * work (a password hash, a look-up, one mail), so the answer tells nobody which addresses are
   * registered (no enumeration). A new address gets a link that makes the account and signs in;
   * the owner of an existing one gets a notice instead. Nothing can sign in before the link is
   * followed, so signing in afterwards tells nothing either.
   */
  async function signUp(ctx: Context) {
    await limit(signupLimiter, ctx.ip);
    const body = await readJson(ctx);
    const problem = firstError(validateSignup(body));
    if (problem) throw invalid(problem[1], problem[0]);
    checkLengths(body);
    // Optional; only a path of the shop itself, so the mailed link cannot redirect off the site.
    const returnTo = body.returnTo ?? undefined;
    if (returnTo !== undefined && !isSameSitePath(returnTo))
      throw invalid(RETURN_PATH_INVALID, 'returnTo');
    const weak = await passwordProblem(body.password, [String(body.email), String(body.name)]);
    if (weak) throw invalid(weak, 'password');
    const email = normalizeEmail(String(body.email));
    const passwordHash = await hashPassword(String(body.password));
    const existing = await accounts.findByEmail(email);
    // Past the per-address mail limit nothing is sent (and nothing said): no mail bombing.
    if ((await signupMailLimiter.hit(email)) === undefined) {
      if (existing) {
        await sendQuietly(alreadyRegisteredMail(email, `${firstOrigin}/login`));
      } else {
        const pending: PendingSignup = {
          email,
          name: String(body.name).trim(),
          passwordHash,
          ...(returnTo ? { returnTo } : {}),
        };
        const token = await signups.issue(pending, VERIFICATION_TTL_MS);
        await sendQuietly(signupMail(email, `${issuer}/accounts/verify?token=${token}`));
      }
    }
    ctx.status = 202;
    ctx.body = { message: IdentityMessages.signupCheckInbox };
  }

  /**
   * The link of a sign-up mail: makes the account (verified: its owner followed the link), then
   * sends the browser to the shop with a one-time sign-in the shop completes through the
   * authorization code flow, landing on /dashboard.
   */
  async function finishSignup(ctx: Context, pending: PendingSignup) {
    const { returnTo, ...fields } = pending;
    let account: Account;
    try {
      account = await accounts.create({ ...fields, verified: true });
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      // Another link of the same address (or Google) made the account first.
      return sendPage(
        ctx,
        'Sign up',
        `<h1>Already signed up</h1>${errorBlock(SIGNUP_EMAIL_TAKEN)}
<a class="button" href="${firstOrigin}/login">Sign in</a>`,
        { status: 409 },
      );
    }
    const ticket = await loginTickets.issue({ accountId: account.id }, LOGIN_TICKET_TTL_MS);
    ctx.status = 303;
    // The page the sign-up started from, checked again (a sign-up stored before the check had none).
    const back = isSameSitePath(returnTo) ? `&returnTo=${encodeURIComponent(returnTo)}` : '';
    ctx.redirect(`${firstOrigin}/signup/complete#ticket=${ticket}${back}`);
  }

  /**
   * `POST /accounts/password-reset {email}`: the same answer and work whether or not the address
   * has an account; its owner gets a single-use link for one hour (only the token's sha256 is
   * stored), an address without an account a mail saying so.
   */
  async function requestReset(ctx: Context) {
    await limit(resetLimiter, ctx.ip);
    const body = await readJson(ctx);
    const problem = validateEmail(body.email);
    if (problem) throw invalid(problem, 'email');
    const email = normalizeEmail(String(body.email));
    const account = await accounts.findByEmail(email);
    if ((await resetMailLimiter.hit(email)) === undefined) {
      if (account) {
        const token = await resets.issue({ accountId: account.id }, PASSWORD_RESET_TTL_MS);
        await sendQuietly(resetMail(email, `${firstOrigin}/reset-password#token=${token}`));
      } else {
        await sendQuietly(noAccountMail(email, `${firstOrigin}/signup`));
      }
    }
    ctx.status = 202;
    ctx.body = { message: IdentityMessages.passwordResetSent };
  }

  /**
   * `POST /accounts/password-reset/complete {token, password}`: the new password must pass the
   * rule (checked before the link is used up, so a refused password keeps the link); then the
   * link is used once (of simultaneous uses one wins), the password set, every session and refresh
   * token of the account revoked, the account's other reset links withdrawn, the owner told.
   */
  async function completeReset(ctx: Context) {
    await limit(resetLimiter, ctx.ip);
    const body = await readJson(ctx);
    const linkInvalid = () =>
      new HttpError(400, 'invalid_token', IdentityMessages.passwordResetLinkInvalid, {
        field: 'token',
      });
    const pending = await resets.peek(body.token);
    const account = pending && (await accounts.findById(pending.accountId));
    if (!account) throw linkInvalid();
    checkLengths({ password: body.password });
    const weak = await passwordProblem(body.password, [account.email, account.name]);
    if (weak) throw invalid(weak, 'password');
    if (!(await resets.redeem(body.token))) throw linkInvalid();
    await accounts.setPassword(account.id, String(body.password), true);
    await resets.revoke({ accountId: account.id });
    await revokeAccount(account.id);
    await sendQuietly(passwordChangedMail(account.email, `${firstOrigin}/login`));
    ctx.body = { message: IdentityMessages.passwordResetDone };
  }

  /**
   * `POST /accounts/me/password {currentPassword, newPassword}` with a bearer token: the current
   * password is checked like a sign-in (the same lockout), the new one by the same rule as at
   * sign-up; then every session and refresh token ends (the shop signs in again with the new one).
   */
  async function changePassword(ctx: Context) {
    await limit(updateLimiter, ctx.ip);
    const account = await signedIn(ctx);
    const body = await readJson(ctx);
    if (typeof body.currentPassword !== 'string' || !body.currentPassword) {
      throw invalid(IdentityMessages.currentPasswordWrong, 'currentPassword');
    }
    checkLengths({ password: body.newPassword });
    const weak = await passwordProblem(body.newPassword, [account.email, account.name]);
    if (weak) throw invalid(weak, 'newPassword');
    let attempt;
    try {
      attempt = await throttle.reserve(account.email, ctx.ip);
    } catch (error) {
      if (error instanceof LoginLockedError)
        throw new HttpError(429, 'too_many_requests', error.message);
      throw error;
    }
    if (!(await accounts.authenticate(account.email, body.currentPassword))) {
      const locked = await attempt.failed();
      if (locked) throw new HttpError(429, 'too_many_requests', locked.message);
      throw invalid(IdentityMessages.currentPasswordWrong, 'currentPassword');
    }
    await attempt.succeeded();
    await accounts.setPassword(account.id, String(body.newPassword));
    await resets.revoke({ accountId: account.id });
    await revokeAccount(account.id);
    await sendQuietly(passwordChangedMail(account.email, `${firstOrigin}/login`));
    ctx.body = { message: IdentityMessages.passwordChanged };
  }

  async function updateMe(ctx: Context) {
    await limit(updateLimiter, ctx.ip);
    const { id } = await signedIn(ctx);
    const body = await readJson(ctx);
    const problem = nameError(body.name);
    if (problem) throw invalid(problem, 'name');
    const account = await accounts.updateName(id, String(body.name));
    if (!account) throw new HttpError(404, 'not_found', 'This account no longer exists.');
    ctx.body = publicView(account);
  }

  async function showMe(ctx: Context) {
    const account = await signedIn(ctx);
    ctx.body = { ...publicView(account), emailVerified: account.emailVerified };
  }

  async function resendVerification(ctx: Context) {
    const account = await signedIn(ctx);
    if (account.emailVerified) {
      ctx.body = { message: ALREADY_VERIFIED };
      return;
    }
    await limit(mailLimiter, account.id, TOO_MANY_VERIFICATION_MAILS);
    if (!(await sendVerification(account))) {
      throw new HttpError(
        503,
        'mail_failed',
        'The verification mail could not be sent right now. Please try again later.',
      );
    }
    ctx.status = 202;
    ctx.body = { message: `We sent a new verification link to ${account.email}.` };
  }

  /** The link in the mail: verifies once, then back to the shop's profile page. */
  async function verify(ctx: Context) {
    const pending = await signups.redeem(String(ctx.query.token ?? ''));
    if (pending) return finishSignup(ctx, pending);
    const account = await accounts.verifyEmail(String(ctx.query.token ?? ''));
    if (!account) {
      const body = `<h1>Email not verified</h1>${errorBlock(VERIFICATION_LINK_INVALID)}
<p>Sign in to the shop and ask for a new link on your profile page.</p>`;
      return sendPage(ctx, 'Email verification', body, { status: 400 });
    }
    ctx.status = 303;
    ctx.redirect(`${firstOrigin}/profile?emailVerified=1`);
  }

  const routes: Record<string, Record<string, (ctx: Context) => Promise<void>>> = {
    '/accounts': { POST: signUp },
    '/accounts/me': { GET: showMe, PATCH: updateMe },
    '/accounts/me/verification': { POST: resendVerification },
    '/accounts/me/password': { POST: changePassword },
    '/accounts/password-reset': { POST: requestReset },
    '/accounts/password-reset/complete': { POST: completeReset },
  };

  return async function accountsMiddleware(ctx: Context, next: Next) {
    // GET only: a HEAD (link previews, scanners) must not use up the link.
    if (ctx.path === '/accounts/verify' && ctx.method === 'GET') return verify(ctx);
    const route = routes[ctx.path];
    if (!route) return next();
    const methods = Object.keys(route).join(', ');
    if (applyCors(ctx, webOrigins, methods)) return;
    ctx.set('Cache-Control', 'no-store');
    try {
      const handle = route[ctx.method];
      if (!handle) {
        throw new HttpError(405, 'invalid_request', `Use ${methods} for ${ctx.path}.`, {
          headers: { Allow: methods },
        });
      }
      await handle(ctx);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      sendError(ctx, error);
    }
  };
}
