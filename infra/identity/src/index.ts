export { configFromEnv, ConfigError, DEFAULT_WEB_ORIGINS, type IdentityConfig } from './config.ts';
export { startIdentityServer, type IdentityServer } from './identity-server.ts';
export {
  ACCESS_TOKEN_TTL_SECONDS,
  IDP_HINT,
  WEB_CLIENT_ID,
  WEB_CLIENT_SCOPE,
} from './oidc/create-provider.ts';
export { INVALID_CREDENTIALS } from './oidc/password-grant.ts';
export { SIGNUP_EMAIL_TAKEN } from './accounts/accounts-routes.ts';
