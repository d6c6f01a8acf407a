import { validateLogin } from '@toolshop/contracts';
import { errors, type ResourceServer, type TokenEndpointGrantContext } from 'oidc-provider';
import type { AccountStore } from '../accounts/account-store.ts';
import { accountClaims } from './account-claims.ts';
import { LoginLockedError, type LoginThrottle } from '../throttle/login-throttle.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const PASSWORD_GRANT_PARAMETERS = ['username', 'password', 'scope', 'resource'];

interface PasswordGrantOptions {
  accounts: AccountStore;
  throttle: LoginThrottle;
  apiAudience: string;
  apiResourceServer: ResourceServer;
  /** Scopes granted when the request names none. */
  defaultScope: string;
}

const invalidGrant = (description: string) =>
  new errors.CustomOIDCProviderError('invalid_grant', description);

type PasswordParams = { username?: string; password?: string };

/**
 * `grant_type=password` for the first-party client: checks the credentials (with lockout), then
 * issues what the authorization code grant would: a JWT access token for the API, an ID token and
 * a rotating refresh token. Errors carry a sentence the sign-in form shows as it is.
 */
export function passwordGrantHandler(options: PasswordGrantOptions) {
  const { accounts, throttle, apiAudience, apiResourceServer, defaultScope } = options;
  return async function passwordGrant(ctx: TokenEndpointGrantContext<PasswordParams>) {
    const { client, params, provider } = ctx.oidc;
    const username = params.username ?? '';
    const password = params.password ?? '';

    const problem = Object.values(validateLogin({ email: username, password })).find(Boolean);
    if (problem) throw invalidGrant(problem);

    const resource = params.resource ?? apiAudience;
    if (resource !== apiAudience) throw new errors.InvalidTarget('unknown resource indicator');

    const allowed = new Set((client.metadata().scope ?? defaultScope).split(' '));
    const scopes = (params.scope ?? defaultScope).split(' ').filter(Boolean);
    const notAllowed = scopes.find((scope) => !allowed.has(scope));
    if (notAllowed) throw new errors.InvalidScope('requested scope is not allowed', notAllowed);
    const scope = scopes.join(' ');

    let attempt;
    try {
      attempt = await throttle.reserve(username, ctx.ip);
    } catch (error) {
      if (error instanceof LoginLockedError) throw invalidGrant(error.message);
      throw error;
    }
    const account = await accounts.authenticate(username, password);
    if (!account) {
      const locked = await attempt.failed();
      throw invalidGrant(locked?.message ?? INVALID_CREDENTIALS);
    }
    await attempt.succeeded();

    const authTime = Math.floor(Date.now() / 1000);
    const grant = new provider.Grant({ clientId: client.clientId, accountId: account.id });
    grant.addOIDCScope(scope);
    grant.addResourceScope(apiAudience, scope);
    const grantId = await grant.save();

    const accessToken = new provider.AccessToken({
      accountId: account.id,
      client,
      grantId,
      gty: 'password',
      scope,
    });
    accessToken.resourceServer = new provider.ResourceServer(apiAudience, apiResourceServer);
    ctx.oidc.entity('AccessToken', accessToken);
    const accessTokenValue = await accessToken.save();

    let refreshTokenValue: string | undefined;
    if (client.grantTypeAllowed('refresh_token') && scopes.includes('offline_access')) {
      const refreshToken = new provider.RefreshToken({
        accountId: account.id,
        authTime,
        client,
        grantId,
        gty: 'password',
        resource: apiAudience,
        rotations: 0,
        scope,
      });
      ctx.oidc.entity('RefreshToken', refreshToken);
      refreshTokenValue = await refreshToken.save();
    }

    let idTokenValue: string | undefined;
    if (scopes.includes('openid')) {
      const idToken = new provider.IdToken(
        { ...accountClaims(account), auth_time: authTime, amr: ['pwd'] },
        { ctx },
      );
      // Releases the claims of these scopes only (the typings omit this property).
      Object.assign(idToken, { scope });
      idTokenValue = await idToken.issue({ use: 'idtoken' });
    }

    ctx.body = {
      access_token: accessTokenValue,
      token_type: 'Bearer',
      expires_in: accessToken.expiration,
      scope,
      ...(idTokenValue ? { id_token: idTokenValue } : {}),
      ...(refreshTokenValue ? { refresh_token: refreshTokenValue } : {}),
    };
  };
}
