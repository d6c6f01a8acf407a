import { fileURLToPath } from 'node:url';
import type { LoginThrottlePolicy } from './throttle/login-throttle.ts';

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
  /** Trust X-Forwarded-For behind a reverse proxy (the client address feeds the lockout). */
  trustProxy: boolean;
  /** Defaults to http://localhost:<port> once the port is known. */
  issuer?: string;
  mongodbUri: string;
  database: string;
  apiAudience: string;
  webOrigins: string[];
  /** Real Google when set; otherwise the local stand-in below is started. */
  google?: GoogleCredentials;
  /** Port of the "Google" stand-in; 0 picks a free port. */
  googleStandinPort: number;
  keysDir: string;
  /** Secrets that sign the provider's cookies; generated into keysDir when absent (development only). */
  cookieKeys?: string[];
  /** Created at start unless production. */
  demoAccounts: DemoAccount[];
  production: boolean;
  /** Overrides the lockout policy (tests). */
  loginThrottle?: LoginThrottlePolicy;
  log: (line: string) => void;
}

export const DEFAULT_WEB_ORIGINS = [
  'http://localhost:3000',
  'http://localhost:3001',
  'http://localhost:3002',
  'http://localhost:3003',
];

export const DEFAULT_KEYS_DIR = fileURLToPath(new URL('../keys', import.meta.url));

export class ConfigError extends Error {}

function integer(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} must be a port number (0-65535), got "${raw}"`);
  }
  return value;
}

function origin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must list absolute origins, got "${raw}"`);
  }
  if (url.origin !== raw.replace(/\/$/, '')) {
    throw new ConfigError(`${name} entries must be bare origins (scheme://host[:port]), got "${raw}"`);
  }
  return url.origin;
}

/** Reads and validates the configuration from environment variables; throws ConfigError on a mistake. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const production = env.NODE_ENV === 'production';
  const port = integer('PORT', env.PORT, 4000);

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

  const cookieKeys = env.COOKIE_KEYS?.split(',').map((key) => key.trim()).filter(Boolean);
  if (production && !cookieKeys?.length) throw new ConfigError('COOKIE_KEYS is required in production');
  if (cookieKeys?.some((key) => key.length < 32)) {
    throw new ConfigError('COOKIE_KEYS entries must be at least 32 characters long');
  }

  return {
    port,
    host: env.HOST || (production ? undefined : '127.0.0.1'),
    trustProxy: env.TRUST_PROXY === 'true',
    issuer: issuer.replace(/\/$/, ''),
    mongodbUri,
    database: env.IDENTITY_DB || 'toolshop-identity',
    apiAudience: env.API_AUDIENCE || 'urn:toolshop:api',
    webOrigins,
    google: googleId && googleSecret ? { clientId: googleId, clientSecret: googleSecret } : undefined,
    googleStandinPort: integer('GOOGLE_STANDIN_PORT', env.GOOGLE_STANDIN_PORT, 4001),
    keysDir: env.KEYS_DIR || DEFAULT_KEYS_DIR,
    cookieKeys,
    demoAccounts: production
      ? []
      : [
          {
            email: env.DEMO_ADMIN_EMAIL || 'admin@toolshop.test',
            password: env.DEMO_ADMIN_PASSWORD || 'toolshop-admin',
            name: 'Demo Admin',
          },
          {
            email: env.DEMO_CUSTOMER_EMAIL || 'customer@toolshop.test',
            password: env.DEMO_CUSTOMER_PASSWORD || 'toolshop-customer',
            name: 'Demo Customer',
          },
        ],
    production,
    log: (line) => console.log(`[identity] ${line}`),
  };
}
