// `node infra/identity/src/main.ts`: the identity provider configured from the environment.
import { ConfigError, configFromEnv } from './config.ts';
import { startIdentityServer } from './identity-server.ts';

let config;
try {
  config = configFromEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`[identity] configuration error: ${error.message}`);
  process.exit(1);
}

// SIGTERM/SIGINT: not ready at once (the load balancer stops sending sign-ins here), still serving
// for SHUTDOWN_DRAIN_MS, then the requests in flight finish, the server and the database close, exit 0.
// Handled from the start: a signal during start-up (the server may answer already) waits for it.
const starting = startIdentityServer(config);
let stopping = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  void starting.then((running) => {
    running.drain();
    const drainMs = config.shutdownDrainMs ?? 0;
    config.log(`${signal}: not ready; draining for ${drainMs} ms, then closing`);
    setTimeout(() => {
      void running.stop().then(() => {
        config.log('closed: requests finished, database disconnected');
        process.exit(0);
      });
    }, drainMs);
  });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

const server = await starting;
config.log(
  `OpenID Connect provider ${server.issuer} (client ${server.clientId}, API audience ${server.apiAudience})`,
);
config.log(`discovery: ${server.issuer}/.well-known/openid-configuration`);
config.log(
  config.googleSignIn === false
    ? 'Google option: off (GOOGLE_SIGN_IN=off)'
    : config.google
      ? 'Google option: accounts.google.com'
      : `Google option: local stand-in at ${server.googleStandinUrl} (no GOOGLE_CLIENT_ID set; development only)`,
);
config.log(
  `mail: ${config.smtpUrl ? `via ${config.smtpUrl}` : 'written to this log, not sent (no SMTP_URL)'}`,
);
for (const demo of config.demoAccounts)
  config.log(`demo account: ${demo.email} / ${demo.password}`);
