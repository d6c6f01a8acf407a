// The shop's local defaults in one place: every launcher, provider, client and test reads them from
// here (a deployment overrides them through the environment or /config.json, never by editing copies).
// Plain CommonJS without dependencies: Node (ESM and CommonJS), Jest and Playwright's test loader all
// load it as it is; browser code imports only its web part (@toolshop/settings/web).

// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loadable everywhere
const web = require('./web.cjs');

// One by one, so Node sees them as named exports of this module too.
exports.basePorts = web.basePorts;
exports.harnessDevPorts = web.harnessDevPorts;
exports.localUrl = web.localUrl;
exports.WEB_CLIENT_ID = web.WEB_CLIENT_ID;
exports.DEFAULT_IDP_HINT_PARAM = web.DEFAULT_IDP_HINT_PARAM;
exports.defaultWebOrigins = web.defaultWebOrigins;
exports.defaultApiUrl = web.defaultApiUrl;
exports.defaultAuthority = web.defaultAuthority;

/** The API's audience (resource indicator) in access tokens. */
exports.API_AUDIENCE = 'urn:toolshop:api';

/** The object-store bucket of the remotes' releases, unless S3_BUCKET names another. */
exports.DEFAULT_BUCKET = 'toolshop-remotes';

/** The identity provider's demo accounts (created outside production; admin@ is an admin in the API). */
exports.demoAccounts = Object.freeze({
  admin: Object.freeze({
    email: 'admin@toolshop.test',
    password: 'toolshop-admin',
    name: 'Demo Admin',
  }),
  customer: Object.freeze({
    email: 'customer@toolshop.test',
    password: 'toolshop-customer',
    name: 'Demo Customer',
  }),
});
