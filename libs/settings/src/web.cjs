// What the browser apps read of the shop's local defaults: ports, the OpenID Connect client and the
// API and provider of a local stack. Apart from index.cjs (which re-exports it) so a browser bundle,
// which cannot drop parts of a CommonJS module, carries nothing else (no demo account passwords).

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
  // releases of the remotes: the remote registry and the S3-compatible store of their artifacts
  // (clear of api+9..api+17 and identity+10.., the private ports of `npm start -- --api-instances N`)
  registry: 5030,
  objectstore: 5040,
});

const localUrl = (port) => `http://localhost:${port}`;

/**
 * Ports of a remote's harness run alone (`npm run dev -w @toolshop/<remote>-mfe`) at offset 0: not
 * its port in the stack, so it runs beside `npm start` (which serves the remote's build there).
 */
const harnessDevPorts = Object.freeze({ storefront: 3011, dashboard: 3012, admin: 3013 });

/** The browser apps' OpenID Connect client at the identity provider. */
exports.WEB_CLIENT_ID = 'toolshop-web';

/** Authorization-request parameter naming the upstream provider (`idp_hint` for infra/identity). */
exports.DEFAULT_IDP_HINT_PARAM = 'idp_hint';

exports.basePorts = basePorts;
exports.harnessDevPorts = harnessDevPorts;
exports.localUrl = localUrl;

/** Origins of the shell, the three remotes and their harnesses run alone at offset 0: the web origins the provider and the API accept by default. */
exports.defaultWebOrigins = Object.freeze(
  [
    basePorts.shell,
    basePorts.storefront,
    basePorts.dashboard,
    basePorts.admin,
    ...Object.values(harnessDevPorts),
  ].map(localUrl),
);

/** The API and the identity provider of a local stack at offset 0. */
exports.defaultApiUrl = localUrl(basePorts.api);
exports.defaultAuthority = localUrl(basePorts.identity);
