import { createLocalJWKSet, jwtVerify } from 'jose';
import { MongoClient, type Db } from 'mongodb';
import type { RequestListener } from 'node:http';
import type Provider from 'oidc-provider';
import { AccountStore } from './accounts/account-store.ts';
import {
  accountsRoutes,
  type LoginTicket,
  type PasswordReset,
  type PendingSignup,
} from './accounts/accounts-routes.ts';
import { OneTimeTokens } from './accounts/one-time-tokens.ts';
import { preloadPasswordList } from './accounts/password-policy.ts';
import { DEFAULT_MAIL_FROM, type IdentityConfig } from './config.ts';
import { createMailer } from './mail/mailer.ts';
import { startGoogleStandin } from './google-standin/google-standin.ts';
import { healthRoutes } from './http/health.ts';
import { listen, type RunningServer } from './http/listen.ts';
import { IdentityMetrics, metricsRoute, observeRequests } from './http/observability.ts';
import { interactionRoutes } from './interactions/interaction-routes.ts';
import { loadSigningKeys, publicJwks } from './keys/signing-keys.ts';
import { createProvider, WEB_CLIENT_ID } from './oidc/create-provider.ts';
import { mongoAdapterFactory, PERSISTED_MODELS } from './oidc/mongo-adapter.ts';
import { LoginThrottle } from './throttle/login-throttle.ts';
import { UpstreamClient } from './upstream/upstream-client.ts';

export interface IdentityServer {
  /** Where the provider listens, e.g. http://localhost:4000. */
  url: string;
  /** The `iss` of its tokens (ISSUER, or `url`). */
  issuer: string;
  clientId: string;
  apiAudience: string;
  /** The "Google" stand-in when no Google credentials are configured. */
  googleStandinUrl?: string;
  /** From now on /health/ready answers 503 and answers close their connections (SIGTERM). */
  drain: () => void;
  /** Waits for the requests in flight, then closes the server, its timers and the database. */
  stop: () => Promise<void>;
}

const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Starts the identity provider (and the Google stand-in when needed). */
export async function startIdentityServer(config: IdentityConfig): Promise<IdentityServer> {
  preloadPasswordList();
  const metrics = new IdentityMetrics();
  const mongo = new MongoClient(config.mongodbUri, {
    serverSelectionTimeoutMS: 10_000,
    ...config.mongoOptions,
  });
  metrics.watchPool(mongo);
  await mongo.connect();
  let draining = false;
  const stops: Array<() => Promise<void>> = [() => mongo.close()];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };

  try {
    const db = mongo.db(config.database);
    const accounts = new AccountStore(db);
    await accounts.init();
    const signups = new OneTimeTokens<PendingSignup>(db, 'signups');
    const loginTickets = new OneTimeTokens<LoginTicket>(db, 'login_tickets');
    const resets = new OneTimeTokens<PasswordReset>(db, 'password_resets');
    const tokenStores = [signups, loginTickets, resets];
    for (const store of tokenStores) await store.init();
    const storage = mongoAdapterFactory(db);
    await storage.createIndexes(PERSISTED_MODELS);
    const throttle = new LoginThrottle(db, config.loginThrottle);
    const keys = await loadSigningKeys(config.keysDir, config.cookieKeys);
    const verifyKeys = createLocalJWKSet(publicJwks(keys.jwks));

    let issuer = '';
    let googleStandinUrl: string | undefined;
    const observe = (listener: RequestListener) =>
      observeRequests(listener, { metrics, log: config.log, draining: () => draining });
    const server: RunningServer = await listen(
      config.port,
      config.host,
      async (url) => {
        issuer = config.issuer ?? url;
        const google = !(config.googleSignIn ?? true)
          ? undefined
          : config.google
            ? new UpstreamClient({
                name: 'google',
                issuer: 'https://accounts.google.com',
                acceptedIssuers: ['https://accounts.google.com', 'accounts.google.com'],
                prompt: 'select_account',
                ...config.google,
              })
            : await startStandin(config, issuer, db, stops).then((standin) => {
                googleStandinUrl = standin.url;
                return new UpstreamClient(standin.settings);
              });

        const provider: Provider = createProvider({
          issuer,
          apiAudience: config.apiAudience,
          webOrigins: config.webOrigins,
          jwks: keys.jwks,
          cookieKeys: keys.cookieKeys,
          adapter: storage.MongoAdapter,
          accounts,
          throttle,
          trustProxy: config.trustProxy,
        });
        provider.on('server_error', (_ctx, error) =>
          config.log(`server error: ${error.stack ?? error.message}`),
        );
        provider.use(healthRoutes(db, () => draining));
        provider.use(
          metricsRoute(metrics, { token: config.metricsToken, production: config.production }),
        );
        provider.use(
          accountsRoutes({
            accounts,
            db,
            webOrigins: new Set(config.webOrigins),
            limits: config.accountRateLimits,
            mailer: createMailer({
              smtpUrl: config.smtpUrl,
              from: config.mailFrom ?? DEFAULT_MAIL_FROM,
              log: config.log,
            }),
            issuer,
            log: config.log,
            signups,
            loginTickets,
            resets,
            throttle,
            async revokeAccount(accountId) {
              await storage.revokeAccount(accountId);
              config.log(
                `account ${accountId}: password changed; every session and refresh token revoked`,
              );
            },
            async verifyAccessToken(token) {
              const { payload } = await jwtVerify(token, verifyKeys, {
                issuer,
                audience: config.apiAudience,
                algorithms: ['RS256'],
              });
              if (!payload.sub) throw new Error('token without subject');
              return payload.sub;
            },
          }),
        );
        provider.use(
          interactionRoutes({
            provider,
            issuer,
            accounts,
            throttle,
            google,
            loginTickets,
            formTargets: config.webOrigins,
            async revokeAccount(accountId, keepSessionUid) {
              await storage.revokeAccount(accountId, keepSessionUid);
              config.log(
                `account ${accountId} taken over by its verified email owner: password, sessions and tokens revoked`,
              );
            },
          }),
        );
        return provider;
      },
      observe,
    );
    stops.push(server.stop);

    for (const demo of config.demoAccounts) await accounts.ensure(demo);
    const sweep = setInterval(() => {
      void storage.sweepExpired().catch(() => {});
      for (const store of tokenStores) void store.sweepExpired().catch(() => {});
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    stops.push(async () => clearInterval(sweep));

    return {
      url: server.url,
      issuer,
      clientId: WEB_CLIENT_ID,
      apiAudience: config.apiAudience,
      googleStandinUrl,
      drain: () => {
        draining = true;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function startStandin(
  config: IdentityConfig,
  issuer: string,
  db: Db,
  stops: Array<() => Promise<void>>,
) {
  const standin = await startGoogleStandin({
    port: config.googleStandinPort,
    db,
    redirectUri: `${issuer}/interaction/callback/google`,
    formTargets: [issuer, ...config.webOrigins],
  });
  stops.push(standin.stop);
  return standin;
}
