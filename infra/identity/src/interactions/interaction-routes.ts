import { validateLogin } from '@toolshop/contracts';
import type { Context, Next } from 'koa';
import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults } from 'oidc-provider';
import type { AccountStore } from '../accounts/account-store.ts';
import type { LoginTicket } from '../accounts/accounts-routes.ts';
import type { OneTimeTokens } from '../accounts/one-time-tokens.ts';
import { readForm } from '../http/http-helpers.ts';
import { sendPage } from '../http/page.ts';
import { IDP_HINT, LOGIN_TICKET } from '../oidc/create-provider.ts';
import { INVALID_CREDENTIALS } from '../oidc/password-grant.ts';
import { LoginLockedError, type LoginThrottle } from '../throttle/login-throttle.ts';
import {
  UpstreamError,
  type UpstreamClient,
  type UpstreamRequest,
} from '../upstream/upstream-client.ts';
import { expiredPage, loginPage, problemPage } from './login-page.ts';

export interface InteractionRoutesOptions {
  provider: Provider;
  issuer: string;
  accounts: AccountStore;
  throttle: LoginThrottle;
  /** The "Google" option: real Google or the local stand-in; absent with GOOGLE_SIGN_IN=off. */
  google?: UpstreamClient;
  /** The one-time sign-ins of finished sign-ups (`login_ticket` on the authorization request). */
  loginTickets: OneTimeTokens<LoginTicket>;
  /** Where the browser may go after a form post (the shop's origins, the upstream). */
  formTargets: string[];
  /** Ends the sessions and tokens of an account taken over by its verified owner, except this browser's session. */
  revokeAccount: (accountId: string, keepSessionUid?: string) => Promise<void>;
}

const UID = '[A-Za-z0-9_-]+';
const ROUTES = {
  upstreamCallback: /^\/interaction\/callback\/google$/,
  prompt: new RegExp(`^/interaction/(${UID})$`),
  login: new RegExp(`^/interaction/(${UID})/login$`),
  google: new RegExp(`^/interaction/(${UID})/google$`),
  googleReturn: new RegExp(`^/interaction/(${UID})/google/callback$`),
  cancel: new RegExp(`^/interaction/(${UID})/cancel$`),
};
const UPSTREAM_COOKIE = 'toolshop.upstream';
const GOOGLE_FAILED = 'Google sign-in failed. Please try again.';
export const GOOGLE_EMAIL_UNVERIFIED =
  'Your Google email address is not verified, so it cannot be used to sign in.';
export const GOOGLE_SIGN_IN_OFF =
  'Sign-in with Google is turned off. Please sign in with your email and password.';
export const SIGNUP_LINK_USED =
  'This sign-up link was already used or has expired. Sign in with your email and password.';
export const STANDIN_REFUSED =
  'An account with this email already exists. Sign in with its password.';

const isSessionMissing = (error: unknown) =>
  error instanceof Error && ['SessionNotFound', 'InvalidRequest'].includes(error.name);

/**
 * The provider's own pages: the email + password login page, the redirect to the upstream
 * ("Google") and back, and cancelling. Everything else is oidc-provider's standard endpoints.
 */
export function interactionRoutes(options: InteractionRoutesOptions) {
  const { provider, issuer, accounts, throttle, google, loginTickets, revokeAccount } = options;
  const upstreamRedirectUri = `${issuer}/interaction/callback/google`;
  const formTargets = [...options.formTargets, issuer];

  async function finish(ctx: Context, result: InteractionResults) {
    const target = await provider.interactionResult(ctx.req, ctx.res, result, {
      mergeWithLastSubmission: false,
    });
    ctx.status = 303;
    ctx.redirect(target);
  }

  async function showPrompt(ctx: Context, uid: string) {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.prompt.name === 'consent') return grantConsent(ctx, details);
    const ticket = details.params[LOGIN_TICKET];
    if (ticket) {
      // GET only: a HEAD must not use up the ticket.
      if (ctx.method !== 'GET') return sendPage(ctx, 'Sign in', '', { status: 405 });
      const redeemed = await loginTickets.redeem(ticket);
      if (!redeemed)
        return finish(ctx, { error: 'access_denied', error_description: SIGNUP_LINK_USED });
      return finish(ctx, { login: { accountId: redeemed.accountId, amr: ['pwd'] } });
    }
    if (details.params[IDP_HINT] === 'google') return startGoogle(ctx, uid);
    if (details.params[IDP_HINT]) {
      return finish(ctx, {
        error: 'invalid_request',
        error_description: 'This sign-in option is not available.',
      });
    }
    const loginHint =
      typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    sendPage(ctx, 'Sign in', loginPage({ uid, email: loginHint, google: Boolean(google) }), {
      formTargets,
    });
  }

  /** Consent is implied for the first-party client; normally loadExistingGrant already covers it. */
  async function grantConsent(ctx: Context, details: Interaction) {
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({
        accountId: details.session?.accountId,
        clientId: String(details.params.client_id),
      });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope);
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes);
    }
    return finish(ctx, { consent: { grantId: await grant.save() } });
  }

  async function submitLogin(ctx: Context, uid: string) {
    await provider.interactionDetails(ctx.req, ctx.res);
    const form = await readForm(ctx);
    const email = form.get('email')?.trim() ?? '';
    const password = form.get('password') ?? '';
    const retry = (message: string, status = 400) =>
      sendPage(ctx, 'Sign in', loginPage({ uid, email, error: message, google: Boolean(google) }), {
        status,
        formTargets,
      });

    const problem = Object.values(validateLogin({ email, password })).find(Boolean);
    if (problem) return retry(problem);
    let attempt;
    try {
      attempt = await throttle.reserve(email, ctx.ip);
    } catch (error) {
      if (error instanceof LoginLockedError) return retry(error.message, 429);
      throw error;
    }
    const account = await accounts.authenticate(email, password);
    if (!account) {
      const locked = await attempt.failed();
      return retry(locked?.message ?? INVALID_CREDENTIALS, locked ? 429 : 400);
    }
    await attempt.succeeded();
    return finish(ctx, { login: { accountId: account.id, amr: ['pwd'] } });
  }

  async function startGoogle(ctx: Context, uid: string) {
    await provider.interactionDetails(ctx.req, ctx.res);
    if (!google)
      return sendPage(ctx, 'Sign in', problemPage(uid, GOOGLE_SIGN_IN_OFF), { status: 400 });
    let started: { url: string; request: UpstreamRequest };
    try {
      started = await google.start(upstreamRedirectUri, uid);
    } catch (error) {
      ctx.app.emit('error', error, ctx);
      return sendPage(
        ctx,
        'Sign in',
        problemPage(
          uid,
          'Google sign-in is not available right now. Please try again later or sign in with your email and password.',
        ),
        { status: 503 },
      );
    }
    ctx.cookies.set(UPSTREAM_COOKIE, JSON.stringify(started.request), {
      path: `/interaction/${uid}`,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      maxAge: 15 * 60_000,
    });
    ctx.status = 303;
    ctx.redirect(started.url);
  }

  /** The upstream's fixed redirect URI: forward to the interaction's own path, where its cookies live. */
  function forwardUpstreamCallback(ctx: Context) {
    const uid = String(ctx.query.state ?? '').split('.')[0] ?? '';
    if (!new RegExp(`^${UID}$`).test(uid))
      return sendPage(ctx, 'Sign in', expiredPage(), { status: 400 });
    ctx.status = 303;
    ctx.redirect(`/interaction/${uid}/google/callback?${ctx.querystring}`);
  }

  async function finishGoogle(ctx: Context, uid: string) {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (!google)
      return sendPage(ctx, 'Sign in', problemPage(uid, GOOGLE_SIGN_IN_OFF), { status: 400 });
    const stored = ctx.cookies.get(UPSTREAM_COOKIE, { signed: true });
    ctx.cookies.set(UPSTREAM_COOKIE, null, { path: `/interaction/${uid}`, signed: true });
    const request = stored ? (JSON.parse(stored) as UpstreamRequest) : undefined;
    if (!request || request.state !== ctx.query.state) {
      return sendPage(ctx, 'Sign in', expiredPage(), { status: 400 });
    }
    if (ctx.query.error === 'access_denied') {
      return finish(ctx, {
        error: 'access_denied',
        error_description: 'Google sign-in was cancelled.',
      });
    }
    if (ctx.query.error) {
      ctx.app.emit(
        'error',
        new UpstreamError(
          `Google answered ${String(ctx.query.error)}: ${String(ctx.query.error_description)}`,
        ),
        ctx,
      );
      return finish(ctx, { error: 'access_denied', error_description: GOOGLE_FAILED });
    }
    try {
      const identity = await google.finish(
        String(ctx.query.code ?? ''),
        upstreamRedirectUri,
        request,
      );
      // Only a verified email may reach an account, or anyone could claim someone else's.
      if (!identity.emailVerified) {
        return finish(ctx, { error: 'access_denied', error_description: GOOGLE_EMAIL_UNVERIFIED });
      }
      if (google.settings.standin) {
        // The stand-in believes any typed email: it reaches only accounts it created itself.
        const account = await accounts.signInFromStandin(identity);
        if (!account)
          return sendPage(ctx, 'Sign in', problemPage(uid, STANDIN_REFUSED), { status: 403 });
        return finish(ctx, { login: { accountId: account.id, amr: ['fed'] } });
      }
      const { account, tookOver } = await accounts.linkUpstream(google.settings.name, identity);
      if (tookOver) await revokeAccount(account.id, details.session?.uid);
      return finish(ctx, { login: { accountId: account.id, amr: ['fed'] } });
    } catch (error) {
      if (!(
        error instanceof UpstreamError ||
        (error instanceof Error && error.name.startsWith('JW'))
      ))
        throw error;
      ctx.app.emit('error', error, ctx);
      return finish(ctx, { error: 'access_denied', error_description: GOOGLE_FAILED });
    }
  }

  async function cancel(ctx: Context) {
    await provider.interactionDetails(ctx.req, ctx.res);
    return finish(ctx, { error: 'access_denied', error_description: 'Sign-in was cancelled.' });
  }

  return async function interactionMiddleware(ctx: Context, next: Next) {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const match = (route: RegExp) => route.exec(ctx.path)?.[1];
    const get = ctx.method === 'GET' || ctx.method === 'HEAD';
    let uid: string | undefined;
    try {
      if (get && ROUTES.upstreamCallback.test(ctx.path)) return forwardUpstreamCallback(ctx);
      if (get && (uid = match(ROUTES.prompt))) return await showPrompt(ctx, uid);
      if (ctx.method === 'POST' && (uid = match(ROUTES.login))) return await submitLogin(ctx, uid);
      if (get && (uid = match(ROUTES.google))) return await startGoogle(ctx, uid);
      if (get && (uid = match(ROUTES.googleReturn))) return await finishGoogle(ctx, uid);
      if (get && (uid = match(ROUTES.cancel))) return await cancel(ctx);
    } catch (error) {
      if (!isSessionMissing(error)) throw error;
      return sendPage(ctx, 'Sign in', expiredPage(), { status: 400 });
    }
    return next();
  };
}
