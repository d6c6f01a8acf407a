// Ports of the stack and the two runtime files the browser apps read at start:
// /remotes.json (remote name -> its mf-manifest.json) and /config.json (API and identity provider).
// The defaults themselves (ports, client id, demo accounts) live in @toolshop/settings.
import {
  basePorts,
  DEFAULT_BUCKET,
  DEFAULT_IDP_HINT_PARAM,
  demoAccounts,
  localUrl,
  WEB_CLIENT_ID,
} from '@toolshop/settings';

export { basePorts, demoAccounts, localUrl };

export const remoteNames = ['storefront', 'dashboard', 'admin'];

/** Every port moved by TOOLSHOP_PORT_OFFSET (or the given offset). */
export function stackPorts(offset = Number(process.env.TOOLSHOP_PORT_OFFSET ?? 0)) {
  return Object.fromEntries(Object.entries(basePorts).map(([name, port]) => [name, port + offset]));
}

export function remotesMap(ports) {
  return Object.fromEntries(
    remoteNames.map((name) => [name, `${localUrl(ports[name])}/mf-manifest.json`]),
  );
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
    // releases of the remotes: the registry and the object store's bucket as browsers read it
    registry: localUrl(ports.registry),
    store: `${localUrl(ports.objectstore)}/${process.env.S3_BUCKET || DEFAULT_BUCKET}`,
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
    // the remote registry: the admins' Remote Releases page reads its history
    registryUrl: localUrl(ports.registry),
    clientId: WEB_CLIENT_ID,
    idpHintParam: process.env.TOOLSHOP_IDP_HINT_PARAM || DEFAULT_IDP_HINT_PARAM,
    // GOOGLE_SIGN_IN=off (production without Google credentials): the shell hides the Google button.
    googleSignIn: process.env.GOOGLE_SIGN_IN !== 'off',
  };
}

/** `/config.json` of a remote's own server, i.e. of its standalone harness: also its one-click sign-ins. */
export function harnessConfig(ports) {
  const credentials = ({ email, password }) => ({ email, password });
  return {
    ...clientConfig(ports),
    demoAccounts: {
      admin: credentials(demoAccounts.admin),
      customer: credentials(demoAccounts.customer),
    },
  };
}

/**
 * What the dev servers answer on the runtime paths. One answer for the shell and the remotes, so
 * the shell's dev config names the demo accounts too (local only; they are printed at start).
 */
export function devRuntimeFiles(offset) {
  const ports = stackPorts(offset);
  return { '/remotes.json': remotesMap(ports), '/config.json': harnessConfig(ports) };
}
