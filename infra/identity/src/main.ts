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

const server = await startIdentityServer(config);
config.log(`OpenID Connect provider ${server.issuer} (client ${server.clientId}, API audience ${server.apiAudience})`);
config.log(`discovery: ${server.issuer}/.well-known/openid-configuration`);
config.log(
  config.googleSignIn === false
    ? 'Google option: off (GOOGLE_SIGN_IN=off)'
    : config.google
      ? 'Google option: accounts.google.com'
      : `Google option: local stand-in at ${server.googleStandinUrl} (no GOOGLE_CLIENT_ID set; development only)`,
);
config.log(`mail: ${config.smtpUrl ? `via ${config.smtpUrl}` : 'written to this log, not sent (no SMTP_URL)'}`);
for (const demo of config.demoAccounts) config.log(`demo account: ${demo.email} / ${demo.password}`);

const shutdown = () => {
  void server.stop().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
