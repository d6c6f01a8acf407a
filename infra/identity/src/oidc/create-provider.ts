import { DEFAULT_IDP_HINT_PARAM, WEB_CLIENT_ID } from '@toolshop/settings';
import type { JWK } from 'jose';
import Provider, {
  errors,
  interactionPolicy,
  type Adapter,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { AccountStore } from '../accounts/account-store.ts';
import { clientAddress, type TrustProxy } from '../http/client-address.ts';
import { escapeHtml, sendPage } from '../http/page.ts';
import { securityHeaders } from '../http/security-headers.ts';
import type { LoginThrottle } from '../throttle/login-throttle.ts';
import { accountClaims } from './account-claims.ts';
import { PASSWORD_GRANT_PARAMETERS, passwordGrantHandler } from './password-grant.ts';

export { WEB_CLIENT_ID };
export const WEB_CLIENT_SCOPE = 'openid email profile offline_access';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
/** Authorization-request parameter that sends the user to an upstream provider (`idp_hint=google`). */
export const IDP_HINT = DEFAULT_IDP_HINT_PARAM;
/** Authorization-request parameter carrying the one-time sign-in of a finished sign-up (its mailed link). */
export const LOGIN_TICKET = 'login_ticket';

export interface ProviderOptions {
  issuer: string;
  apiAudience: string;
  webOrigins: string[];
  jwks: { keys: JWK[] };
  cookieKeys: string[];
  adapter: new (name: string) => Adapter;
  accounts: AccountStore;
  throttle: LoginThrottle;
  /** Proxies whose X-Forwarded-* count (the client address feeds lockouts and rate limits). */
  trustProxy: TrustProxy;
}

/** The SPA: a public client (PKCE, no secret) on every configured web origin. */
function webClient(webOrigins: string[]): ClientMetadata {
  return {
    client_id: WEB_CLIENT_ID,
    client_name: 'Toolshop',
    token_endpoint_auth_method: 'none',
    application_type: 'web',
    grant_types: ['authorization_code', 'refresh_token', 'password'],
    response_types: ['code'],
    scope: WEB_CLIENT_SCOPE,
    redirect_uris: webOrigins.map((origin) => `${origin}/auth/callback`),
    post_logout_redirect_uris: webOrigins.map((origin) => `${origin}/`),
  };
}

/** A sign-up's login ticket signs in its new account, whatever session the browser has. */
const loginTicketCheck = new interactionPolicy.Check(
  'login_ticket',
  'the sign-up link signs in its own account',
  (ctx) => Boolean(ctx.oidc.params?.[LOGIN_TICKET]) && !ctx.oidc.result?.login,
);

/**
 * An upstream sign-in requested with `idp_hint` must happen even when the browser still has a
 * provider session (possibly of another account); the login made in this very request satisfies it.
 */
const upstreamHintCheck = new interactionPolicy.Check(
  'idp_hint',
  'sign-in through the requested identity provider is required',
  (ctx) => Boolean(ctx.oidc.params?.[IDP_HINT]) && !ctx.oidc.result?.login,
);

/** First-party client: consent is implied, so the grant covers everything the client may ask for. */
async function loadFirstPartyGrant(ctx: KoaContextWithOIDC, apiAudience: string) {
  const { oidc } = ctx;
  const clientId = oidc.client!.clientId;
  const accountId = oidc.session!.accountId!;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant =
    existing && existing.accountId === accountId
      ? existing
      : new oidc.provider.Grant({ clientId, accountId });
  grant.addOIDCScope(oidc.client!.scope ?? WEB_CLIENT_SCOPE);
  grant.addResourceScope(apiAudience, WEB_CLIENT_SCOPE);
  await grant.save();
  return grant;
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** The stock refresh-token errors all read "grant request is invalid"; the shop shows this one. */
async function readableTokenErrors(ctx: KoaContextWithOIDC, next: () => Promise<unknown>) {
  await next();
  const body = ctx.body as { error?: string; error_description?: string } | undefined;
  if (ctx.path === '/token' && ctx.status === 400 && body?.error === 'invalid_grant') {
    if (body.error_description === 'grant request is invalid')
      body.error_description = SESSION_EXPIRED;
  }
}

export function createProvider(options: ProviderOptions): Provider {
  const { apiAudience, accounts } = options;
  const webOrigins = new Set(options.webOrigins);
  // The provider's own pages; the logout form ends at the shop's post-logout URIs.
  const page = (ctx: KoaContextWithOIDC, title: string, body: string, status = 200) =>
    sendPage(ctx, title, body, { status, formTargets: options.webOrigins });

  // The API accepts the client's scopes, so tokens and token responses list what was granted.
  const apiResourceServer: ResourceServer = {
    scope: WEB_CLIENT_SCOPE,
    audience: apiAudience,
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'RS256' } },
  };

  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(upstreamHintCheck);
  policy.get('login')!.checks.add(loginTicketCheck);

  const configuration: Configuration = {
    adapter: options.adapter,
    clients: [webClient(options.webOrigins)],
    jwks: options.jwks as Configuration['jwks'],
    cookies: { keys: options.cookieKeys },
    scopes: WEB_CLIENT_SCOPE.split(' '),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    extraParams: [IDP_HINT, LOGIN_TICKET],
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Every refresh hands out a new refresh token; presenting a used one revokes the grant.
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => webOrigins.has(origin),
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => accountClaims(account) };
    },
    // The API reads who the user is from its access token alone (admin rights need email_verified).
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token)) return undefined;
      const account = await accounts.findById(token.accountId);
      return account
        ? { email: account.email, email_verified: account.emailVerified, name: account.name }
        : undefined;
    },
    // A refresh token for every sign-in of the SPA (offline_access is dropped from browser requests
    // without prompt=consent); its lifetime does not depend on the provider's browser session.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('openid'),
    expiresWithSession: async () => false,
    loadExistingGrant: (ctx) => loadFirstPartyGrant(ctx, apiAudience),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    features: {
      devInteractions: { enabled: false },
      // The SPA revokes its refresh token at sign-out; only the client that holds a token may.
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => apiAudience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== apiAudience)
            throw new errors.InvalidTarget('unknown resource indicator');
          return apiResourceServer;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          page(
            ctx,
            'Sign out',
            `<h1>Sign out of Toolshop?</h1>${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button class="secondary" type="submit" form="op.logoutForm">Stay signed in</button>`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          page(ctx, 'Signed out', '<h1>You are signed out</h1><p>You can close this window.</p>');
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      IdToken: 60 * 60,
      Interaction: 30 * 60,
      Grant: 30 * 24 * 60 * 60,
      // Rotation hands out new refresh tokens, but a browser sign-in lasts 14 days at most.
      RefreshToken: (ctx) =>
        ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL_SECONDS,
      Session: 14 * 24 * 60 * 60,
      AuthorizationCode: 60,
    },
    async renderError(ctx, out) {
      page(
        ctx,
        'Sign-in problem',
        `<h1>Something went wrong</h1><p class="error" role="alert">${escapeHtml(out.error_description ?? out.error)}</p>
<p>Go back to the shop and try signing in again.</p>`,
        ctx.status,
      );
    },
  };

  const provider = new Provider(options.issuer, configuration);
  provider.registerGrantType(
    'password',
    passwordGrantHandler({
      accounts,
      throttle: options.throttle,
      apiAudience,
      apiResourceServer,
      defaultScope: WEB_CLIENT_SCOPE,
    }),
    PASSWORD_GRANT_PARAMETERS,
  );
  // X-Forwarded-Proto counts only through a trusted proxy; clientAddress drops it otherwise and
  // resolves the client address from X-Forwarded-For by TRUST_PROXY's rule.
  provider.proxy = options.trustProxy !== false;
  provider.use(clientAddress(options.trustProxy));
  provider.use(securityHeaders(options.webOrigins));
  provider.use(readableTokenErrors);
  return provider;
}
