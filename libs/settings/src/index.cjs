// The shop's local defaults in one place: every launcher, provider, client and test reads them from
// here (a deployment overrides them through the environment or /config.json, never by editing copies).
// Plain CommonJS without imports: Node (ESM and CommonJS), the browser bundles, Jest and Playwright's
// test loader all load it as it is.

/** Ports of a local stack at offset 0 (TOOLSHOP_PORT_OFFSET moves them all). */
const basePorts = Object.freeze({
  shell: 3000,
  storefront: 3001,
  dashboard: 3002,
  admin: 3003,
  identity: 4000,
  google: 4001,
  api: 5000,
  database: 27017,
  // the mail catcher (Mailpit): SMTP and its web inbox
  smtp: 1025,
  mail: 8025,
  // releases of the remotes (issue 17): the remote registry and the S3-compatible store of their artifacts
  // (clear of api+9..api+17 and identity+10.., the private ports of `npm start -- --api-instances N`)
  registry: 5030,
  objectstore: 5040,
});

const localUrl = (port) => `http://localhost:${port}`;

/** The browser apps' OpenID Connect client at the identity provider. */
exports.WEB_CLIENT_ID = 'toolshop-web';

/** The API's audience (resource indicator) in access tokens. */
exports.API_AUDIENCE = 'urn:toolshop:api';

/** Authorization-request parameter naming the upstream provider (`idp_hint` for infra/identity). */
exports.DEFAULT_IDP_HINT_PARAM = 'idp_hint';

/** The identity provider's demo accounts (created outside production; admin@ is an admin in the API). */
exports.demoAccounts = Object.freeze({
  admin: Object.freeze({ email: 'admin@toolshop.test', password: 'toolshop-admin', name: 'Demo Admin' }),
  customer: Object.freeze({ email: 'customer@toolshop.test', password: 'toolshop-customer', name: 'Demo Customer' }),
});

exports.basePorts = basePorts;
exports.localUrl = localUrl;

/** Origins of the shell and the three remotes at offset 0: the web origins the provider and the API accept by default. */
exports.defaultWebOrigins = Object.freeze(
  [basePorts.shell, basePorts.storefront, basePorts.dashboard, basePorts.admin].map(localUrl),
);

/** The API and the identity provider of a local stack at offset 0. */
exports.defaultApiUrl = localUrl(basePorts.api);
exports.defaultAuthority = localUrl(basePorts.identity);
