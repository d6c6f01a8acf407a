import { fileURLToPath } from 'node:url';
import { API_AUDIENCE, basePorts, defaultWebOrigins, demoAccounts } from '@toolshop/settings';
import { DEFAULT_ACCOUNT_RATE_LIMITS, type AccountRateLimits } from './accounts/accounts-routes.ts';
import { parseTrustProxy, type TrustProxy } from './http/client-address.ts';
import type { MongoClientOptions } from 'mongodb';
import { DatabaseOptionError, mongoOptionsFromEnv } from './db/mongo-options.ts';
import { DEFAULT_LOGIN_THROTTLE, type LoginThrottlePolicy } from './throttle/login-throttle.ts';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
}

export interface GoogleCredentials {
  clientId: string;
  clientSecret: string;
}

/** Everything the identity provider needs, validated once at boot (see README.md for the env names). */
export interface IdentityConfig {
  /** 0 picks a free port (tests). */
  port: number;
  /** Interface to listen on: loopback in development, every interface in production. */
  host?: string;
  /**
   * Reverse proxies in front (the client address feeds the lockout): false, the number of proxy
   * hops, or the proxies' addresses/CIDRs (see client-address.ts).
   */
  trustProxy: TrustProxy;
  /** Defaults to http://localhost:<port> once the port is known. */
  issuer?: string;
  mongodbUri: string;
  database: string;
  /** Write concern, retries, read preference, pool and timeouts (db/mongo-options.ts); driver defaults when absent. */
  mongoOptions?: MongoClientOptions;
  /** Bearer token of GET /metrics; unset: open outside production, 404 in production. */
  metricsToken?: string;
  /** After SIGTERM: how long /health/ready answers 503 while the process still serves (main.ts). */
  shutdownDrainMs?: number;
  apiAudience: string;
  webOrigins: string[];
  /** Real Google when set; otherwise the local stand-in below is started (unless googleSignIn is off). */
  google?: GoogleCredentials;
  /** GOOGLE_SIGN_IN=off: no Google option at all (no stand-in, idp_hint=google refused). Default on. */
  googleSignIn?: boolean;
  /** smtp://host:port of the outgoing mail server; unset outside production: mails are logged only. */
  smtpUrl?: string;
  /** Sender of the provider's mails (MAIL_FROM). */
  mailFrom?: string;
  /** Port of the "Google" stand-in; 0 picks a free port. */
  googleStandinPort: number;
  keysDir: string;
  /** Secrets that sign the provider's cookies; generated into keysDir when absent (development only). */
  cookieKeys?: string[];
  /** Created at start unless production. */
  demoAccounts: DemoAccount[];
  production: boolean;
  /** Slow-down and lockout of failed sign-ins; DEFAULT_LOGIN_THROTTLE when absent. */
  loginThrottle?: LoginThrottlePolicy;
  /** Sign-ups and renames per client address; DEFAULT_ACCOUNT_RATE_LIMITS when absent. */
  accountRateLimits?: AccountRateLimits;
  log: (line: string) => void;
}

export const DEFAULT_WEB_ORIGINS = [...defaultWebOrigins];

export const DEFAULT_MAIL_FROM = 'Toolshop <no-reply@toolshop.test>';

export const DEFAULT_KEYS_DIR = fileURLToPath(new URL('../keys', import.meta.url));

export class ConfigError extends Error {}

function wholeNumber(
  name: string,
  raw: string | undefined,
  fallback: number,
  range: { min: number; max: number; what: string },
) {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw new ConfigError(
      `${name} must be ${range.what} (${range.min}-${range.max}), got "${raw}"`,
    );
  }
  return value;
}

const portNumber = (name: string, raw: string | undefined, fallback: number) =>
  wholeNumber(name, raw, fallback, { min: 0, max: 65535, what: 'a port number' });
const count = (name: string, raw: string | undefined, fallback: number) =>
  wholeNumber(name, raw, fallback, { min: 1, max: 1_000_000, what: 'a whole number' });
const minutes = (name: string, raw: string | undefined, fallbackMs: number) =>
  wholeNumber(name, raw, fallbackMs / 60_000, {
    min: 1,
    max: 24 * 60,
    what: 'a number of minutes',
  }) * 60_000;
const milliseconds = (name: string, raw: string | undefined, fallback: number) =>
  wholeNumber(name, raw, fallback, { min: 0, max: 60_000, what: 'a number of milliseconds' });

/** Lockout and rate limits (README.md "Configuration"); the defaults are the shop's policy. */
function limitsFromEnv(env: NodeJS.ProcessEnv) {
  const login = DEFAULT_LOGIN_THROTTLE;
  const loginThrottle: LoginThrottlePolicy = {
    windowMs: minutes(
      'LOGIN_FAILURE_WINDOW_MINUTES',
      env.LOGIN_FAILURE_WINDOW_MINUTES,
      login.windowMs,
    ),
    slowAfter: count('LOGIN_SLOW_AFTER_ACCOUNT', env.LOGIN_SLOW_AFTER_ACCOUNT, login.slowAfter),
    addressSlowAfter: count(
      'LOGIN_SLOW_AFTER_ADDRESS',
      env.LOGIN_SLOW_AFTER_ADDRESS,
      login.addressSlowAfter,
    ),
    delayStepMs: milliseconds('LOGIN_SLOW_STEP_MS', env.LOGIN_SLOW_STEP_MS, login.delayStepMs),
    maxDelayMs: milliseconds('LOGIN_SLOW_MAX_MS', env.LOGIN_SLOW_MAX_MS, login.maxDelayMs),
    accountLimit: count(
      'LOGIN_LOCK_AFTER_ACCOUNT',
      env.LOGIN_LOCK_AFTER_ACCOUNT,
      login.accountLimit,
    ),
    addressLimit: count(
      'LOGIN_LOCK_AFTER_ADDRESS',
      env.LOGIN_LOCK_AFTER_ADDRESS,
      login.addressLimit,
    ),
    lockMs: minutes('LOGIN_LOCK_MINUTES', env.LOGIN_LOCK_MINUTES, login.lockMs),
  };
  const accounts = DEFAULT_ACCOUNT_RATE_LIMITS;
  const accountRateLimits: AccountRateLimits = {
    signups: count('SIGNUP_LIMIT', env.SIGNUP_LIMIT, accounts.signups),
    renames: count('RENAME_LIMIT', env.RENAME_LIMIT, accounts.renames),
    windowMs: minutes(
      'ACCOUNT_LIMIT_WINDOW_MINUTES',
      env.ACCOUNT_LIMIT_WINDOW_MINUTES,
      accounts.windowMs,
    ),
  };
  return { loginThrottle, accountRateLimits };
}

function origin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must list absolute origins, got "${raw}"`);
  }
  if (url.origin !== raw.replace(/\/$/, '')) {
    throw new ConfigError(
      `${name} entries must be bare origins (scheme://host[:port]), got "${raw}"`,
    );
  }
  return url.origin;
}

/** Reads and validates the configuration from environment variables; throws ConfigError on a mistake. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const production = env.NODE_ENV === 'production';
  const port = portNumber('PORT', env.PORT, basePorts.identity);

  const mongodbUri = env.MONGODB_URI;
  if (!mongodbUri) throw new ConfigError('MONGODB_URI is required (the launcher provides it)');

  const issuer = env.ISSUER || `http://localhost:${port}`;
  origin('ISSUER', issuer.replace(/\/$/, ''));
  if (production && !issuer.startsWith('https://')) {
    throw new ConfigError('ISSUER must be an https URL in production');
  }

  const webOrigins = (env.WEB_ORIGINS ? env.WEB_ORIGINS.split(',') : DEFAULT_WEB_ORIGINS)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => origin('WEB_ORIGINS', entry));
  if (webOrigins.length === 0) throw new ConfigError('WEB_ORIGINS must list at least one origin');

  const googleId = env.GOOGLE_CLIENT_ID;
  const googleSecret = env.GOOGLE_CLIENT_SECRET;
  if (Boolean(googleId) !== Boolean(googleSecret)) {
    throw new ConfigError('Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither');
  }

  const cookieKeys = env.COOKIE_KEYS?.split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (production && !cookieKeys?.length)
    throw new ConfigError('COOKIE_KEYS is required in production');
  if (cookieKeys?.some((key) => key.length < 32)) {
    throw new ConfigError('COOKIE_KEYS entries must be at least 32 characters long');
  }
  // The process speaks http behind the TLS-terminating proxy: only a trusted X-Forwarded-Proto makes
  // its cookies Secure (and X-Forwarded-For the real client address for lockouts).
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new ConfigError(trustProxy);
  if (production && trustProxy === false) {
    throw new ConfigError(
      "TRUST_PROXY is required in production: the number of proxy hops in front (e.g. 1) or the proxies' addresses",
    );
  }

  const googleSignInRaw = (env.GOOGLE_SIGN_IN || 'on').toLowerCase();
  if (googleSignInRaw !== 'on' && googleSignInRaw !== 'off') {
    throw new ConfigError(`GOOGLE_SIGN_IN must be "on" or "off", got "${env.GOOGLE_SIGN_IN}"`);
  }
  const googleSignIn = googleSignInRaw === 'on';
  if (production && googleSignIn && !googleId) {
    throw new ConfigError(
      'In production set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or GOOGLE_SIGN_IN=off: the Google stand-in is for development only',
    );
  }

  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) {
    throw new ConfigError(`SMTP_URL must look like smtp://host:port, got "${smtpUrl}"`);
  }
  if (production && !smtpUrl)
    throw new ConfigError('SMTP_URL is required in production (verification mails)');

  let mongoOptions: MongoClientOptions;
  try {
    mongoOptions = mongoOptionsFromEnv(env);
  } catch (error) {
    if (error instanceof DatabaseOptionError) throw new ConfigError(error.message);
    throw error;
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN must be 16 to 256 printable characters without spaces');
  }

  return {
    port,
    host: env.HOST || (production ? undefined : '127.0.0.1'),
    trustProxy,
    issuer: issuer.replace(/\/$/, ''),
    mongodbUri,
    database: env.IDENTITY_DB || 'toolshop-identity',
    mongoOptions,
    metricsToken,
    shutdownDrainMs: wholeNumber(
      'SHUTDOWN_DRAIN_MS',
      env.SHUTDOWN_DRAIN_MS,
      production ? 5000 : 0,
      { min: 0, max: 120_000, what: 'a number of milliseconds' },
    ),
    apiAudience: env.API_AUDIENCE || API_AUDIENCE,
    webOrigins,
    google:
      googleSignIn && googleId && googleSecret
        ? { clientId: googleId, clientSecret: googleSecret }
        : undefined,
    googleSignIn,
    smtpUrl,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    googleStandinPort: portNumber('GOOGLE_STANDIN_PORT', env.GOOGLE_STANDIN_PORT, basePorts.google),
    keysDir: env.KEYS_DIR || DEFAULT_KEYS_DIR,
    cookieKeys,
    demoAccounts: production
      ? []
      : [
          {
            email: env.DEMO_ADMIN_EMAIL || demoAccounts.admin.email,
            password: env.DEMO_ADMIN_PASSWORD || demoAccounts.admin.password,
            name: demoAccounts.admin.name,
          },
          {
            email: env.DEMO_CUSTOMER_EMAIL || demoAccounts.customer.email,
            password: env.DEMO_CUSTOMER_PASSWORD || demoAccounts.customer.password,
            name: demoAccounts.customer.name,
          },
        ],
    production,
    ...limitsFromEnv(env),
    log: (line) => console.log(`[identity] ${line}`),
  };
}
