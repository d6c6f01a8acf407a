import {
  API_AUDIENCE,
  basePorts,
  defaultAuthority,
  defaultWebOrigins,
  demoAccounts,
} from '@toolshop/settings';
import { loadDatabaseConfig, type DatabaseConfig } from './database-config';
import { loadPaymentsConfig, type PaymentsConfig } from './payments-config';

/** The API's settings, read from the environment once at boot and validated there. */
export interface ApiConfig {
  port: number;
  host: string;
  mongodbUri: string;
  dbName: string;
  /** Write concern, retries, read preference, pool and timeouts of the database connection. */
  database: DatabaseConfig;
  /**
   * Whether the API creates its collections' indexes at start (MONGODB_AUTO_INDEX, default true).
   * Off in the cluster, where a Job builds them (`node api/dist/sync-indexes.js`) before the
   * rollout; /health/ready then answers 503 until every index the schemas declare exists.
   */
  autoIndex: boolean;
  oidcIssuer: string;
  oidcAudience: string;
  oidcJwksUri?: string;
  adminEmails: string[];
  corsOrigins: string[];
  publicUrl: string;
  /** The shop's public origin, which emails link to (SHOP_URL; default: the first CORS origin). */
  shopUrl: string;
  seed: boolean;
  production: boolean;
  logLevel: string;
  /** How long the public tool and review lists are served from memory (0 = off). */
  catalogCacheMs: number;
  /** Requests per minute and client address on each rate-limited group of routes. */
  rateLimits: { writes: number; account: number; suggestions: number };
  /**
   * Which proxies in front of the API to believe about the client's address (`X-Forwarded-For`):
   * none (false), the nearest N hops, or these addresses/CIDRs. Never "every hop".
   */
  trustProxy: false | number | string[];
  /** https hosts product images may live on besides the API itself (default: none). */
  imageHosts: string[];
  /** How long an unpaid order holds its stock before it is cancelled as expired. */
  unpaidOrderTtlSeconds: number;
  /** Open unpaid orders one customer may have at once. */
  maxUnpaidOrders: number;
  /** A request that has not been answered by then is cut off (headers and body alike). */
  requestTimeoutMs: number;
  /** Where the shop's emails go out (smtp:// or smtps://); unset outside production: logged only. */
  smtpUrl?: string;
  /** The sender of the shop's emails. */
  mailFrom: string;
  /** The email outbox's worker: how often it looks for due emails, the first retry's wait (doubling), attempts before giving up. */
  outbox: { pollMs: number; retryBaseMs: number; maxAttempts: number; placedHoldMs: number };
  /** An unpaid order gets the "about to expire" email this long before its reservation ends (0 = never). */
  unpaidOrderReminderSeconds: number;
  /** Card payments: Stripe or the offline test provider, and Stripe's settings. */
  payments: PaymentsConfig;
  /**
   * After SIGTERM/SIGINT: how long the process keeps serving while /health/ready answers 503 (so a
   * load balancer stops sending it traffic), and how long it then waits for in-flight requests.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Bearer token that GET /metrics requires; unset: /metrics is open, except in production (404). */
  metricsToken?: string;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const PROXY_ADDRESS = /^[0-9a-f:.]+(\/\d{1,3})?$/i;

/** TRUST_PROXY: unset/false, a hop count, or a comma-separated list of proxy addresses or CIDRs. */
function parseTrustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const addresses = list(raw);
    if (addresses.length && addresses.every((address) => PROXY_ADDRESS.test(address)))
      return addresses;
  }
  problems.push(
    'TRUST_PROXY must be false, a hop count from 1 to 10, or a comma-separated list of proxy addresses (e.g. 10.0.0.0/8)',
  );
  return false;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, fallback: string | undefined): string | undefined => {
    const value = env[name] || fallback;
    if (value !== undefined && !isHttpUrl(value)) problems.push(`${name} must be an http(s) URL`);
    return value;
  };

  const production = env.NODE_ENV === 'production';
  const port = integer('PORT', basePorts.api, 1, 65535);

  const mongodbUri = env.MONGODB_URI ?? '';
  let dbName = env.MONGODB_DB || 'toolshop';
  if (!/^mongodb(\+srv)?:\/\//.test(mongodbUri)) {
    problems.push('MONGODB_URI is required (mongodb:// or mongodb+srv://)');
  } else {
    const path = mongodbUri.replace(/^mongodb(\+srv)?:\/\/[^/]*/, '').split('?')[0] ?? '';
    const fromUri = decodeURIComponent(path.replace(/^\//, ''));
    if (fromUri) dbName = fromUri;
  }

  const corsOrigins = list(env.CORS_ORIGINS);
  for (const origin of corsOrigins) {
    if (!isHttpUrl(origin))
      problems.push(`CORS_ORIGINS entry "${origin}" is not an http(s) origin`);
  }
  const adminEmails =
    env.ADMIN_EMAILS !== undefined
      ? list(env.ADMIN_EMAILS)
      : production
        ? []
        : [demoAccounts.admin.email];

  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  if (env.SEED !== undefined && !['true', 'false', ''].includes(env.SEED))
    problems.push('SEED must be true or false');
  if (!['true', 'false', '', undefined].includes(env.MONGODB_AUTO_INDEX))
    problems.push('MONGODB_AUTO_INDEX must be true or false');

  const imageHosts = list(env.IMAGE_HOSTS).map((host) => host.toLowerCase());
  for (const host of imageHosts) {
    if (!HOST_NAME.test(host)) problems.push(`IMAGE_HOSTS entry "${host}" is not a host name`);
  }

  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s/]+/.test(smtpUrl))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  if (production && smtpUrl === undefined)
    problems.push('SMTP_URL is required in production (customers must get the shop’s emails)');

  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(metricsToken))
    problems.push('METRICS_TOKEN must be 16 to 256 printable characters without spaces');

  let payments: PaymentsConfig = { provider: 'test' };
  try {
    payments = loadPaymentsConfig(env);
  } catch (error) {
    problems.push((error as Error).message);
  }

  const config: ApiConfig = {
    port,
    host: env.HOST || '0.0.0.0',
    mongodbUri,
    dbName,
    database: loadDatabaseConfig(env, problems),
    autoIndex: env.MONGODB_AUTO_INDEX !== 'false',
    oidcIssuer: (url('OIDC_ISSUER', defaultAuthority) as string).replace(/\/$/, ''),
    oidcAudience: env.OIDC_AUDIENCE || API_AUDIENCE,
    oidcJwksUri: url('OIDC_JWKS_URI', undefined),
    adminEmails: adminEmails.map((email) => email.toLowerCase()),
    corsOrigins: corsOrigins.length ? corsOrigins : [...defaultWebOrigins],
    publicUrl: (url('PUBLIC_URL', `http://localhost:${port}`) as string).replace(/\/$/, ''),
    shopUrl: (url('SHOP_URL', corsOrigins[0] ?? defaultWebOrigins[0]) as string).replace(/\/$/, ''),
    seed: env.SEED === 'true',
    production,
    logLevel,
    catalogCacheMs: integer('CATALOG_CACHE_MS', 1000, 0, 60_000),
    rateLimits: {
      writes: integer('RATE_LIMIT_WRITES', 60, 1, 1_000_000),
      account: integer('RATE_LIMIT_ACCOUNT', 120, 1, 1_000_000),
      suggestions: integer('RATE_LIMIT_SUGGESTIONS', 5, 1, 1_000_000),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
    imageHosts,
    unpaidOrderTtlSeconds: integer('UNPAID_ORDER_TTL_SECONDS', 24 * 60 * 60, 1, 90 * 24 * 60 * 60),
    maxUnpaidOrders: integer('MAX_UNPAID_ORDERS', 5, 1, 1000),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Toolshop <no-reply@toolshop.test>',
    outbox: {
      pollMs: integer('OUTBOX_POLL_MS', 5000, 50, 600_000),
      retryBaseMs: integer('OUTBOX_RETRY_BASE_MS', 30_000, 10, 3_600_000),
      maxAttempts: integer('OUTBOX_MAX_ATTEMPTS', 8, 1, 100),
      // An order paid within this time gets one email (the receipt), not "received" and "paid".
      placedHoldMs: integer('OUTBOX_PLACED_HOLD_MS', 120_000, 0, 3_600_000),
    },
    unpaidOrderReminderSeconds: integer(
      'UNPAID_ORDER_REMINDER_SECONDS',
      60 * 60,
      0,
      90 * 24 * 60 * 60,
    ),
    payments,
    shutdown: {
      // Production only by default: a local stack (npm start, the tests) stops at once.
      drainMs: integer('SHUTDOWN_DRAIN_MS', production ? 5000 : 0, 0, 120_000),
      timeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 20_000, 1000, 600_000),
    },
    metricsToken,
  };
  if (problems.length)
    throw new ConfigError(`Invalid configuration:\n - ${problems.join('\n - ')}`);
  return config;
}

/** Injection token of the ApiConfig. */
export const API_CONFIG = Symbol('API_CONFIG');
