// Ports of the stack and the two runtime files the browser apps read at start:
// /remotes.json (remote name -> its mf-manifest.json) and /config.json (API and identity provider).
export const basePorts = {
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
};

export const remoteNames = ['storefront', 'dashboard', 'admin'];

/** The identity provider's demo accounts (infra/identity defaults), printed at start. */
export const demoAccounts = {
  admin: { email: 'admin@toolshop.test', password: 'toolshop-admin' },
  customer: { email: 'customer@toolshop.test', password: 'toolshop-customer' },
};

/** Every port moved by TOOLSHOP_PORT_OFFSET (or the given offset). */
export function stackPorts(offset = Number(process.env.TOOLSHOP_PORT_OFFSET ?? 0)) {
  return Object.fromEntries(Object.entries(basePorts).map(([name, port]) => [name, port + offset]));
}

export const localUrl = (port) => `http://localhost:${port}`;

export function remotesMap(ports) {
  return Object.fromEntries(remoteNames.map((name) => [name, `${localUrl(ports[name])}/mf-manifest.json`]));
}

/** URLs of a stack started with this port offset. */
export function stackUrls(offset = 0) {
  const ports = stackPorts(offset);
  return {
    ports,
    shell: localUrl(ports.shell),
    api: localUrl(ports.api),
    identity: localUrl(ports.identity),
    mail: localUrl(ports.mail),
    remotes: Object.fromEntries(remoteNames.map((name) => [name, localUrl(ports[name])])),
  };
}

/**
 * `/config.json` of the shell. idpHintParam: the authorization-request parameter that names the
 * upstream provider (`idp_hint` for infra/identity, `kc_idp_hint` for Keycloak).
 */
export function clientConfig(ports) {
  return {
    apiUrl: localUrl(ports.api),
    authority: localUrl(ports.identity),
    clientId: 'toolshop-web',
    idpHintParam: process.env.TOOLSHOP_IDP_HINT_PARAM || 'idp_hint',
    // GOOGLE_SIGN_IN=off (production without Google credentials): the shell hides the Google button.
    googleSignIn: process.env.GOOGLE_SIGN_IN !== 'off',
  };
}

/** `/config.json` of a remote's own server, i.e. of its standalone harness: also its one-click sign-ins. */
export function harnessConfig(ports) {
  return { ...clientConfig(ports), demoAccounts };
}

/**
 * What the dev servers answer on the runtime paths. One answer for the shell and the remotes, so
 * the shell's dev config names the demo accounts too (local only; they are printed at start).
 */
export function devRuntimeFiles(offset) {
  const ports = stackPorts(offset);
  return { '/remotes.json': remotesMap(ports), '/config.json': harnessConfig(ports) };
}
