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
};

export const remoteNames = ['storefront', 'dashboard', 'admin'];

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
    remotes: Object.fromEntries(remoteNames.map((name) => [name, localUrl(ports[name])])),
  };
}

export function clientConfig(ports) {
  return {
    apiUrl: localUrl(ports.api),
    authority: localUrl(ports.identity),
    clientId: 'toolshop-web',
  };
}

/** What the dev servers (and the static server of `npm start`) answer on the runtime paths. */
export function devRuntimeFiles(offset) {
  const ports = stackPorts(offset);
  return { '/remotes.json': remotesMap(ports), '/config.json': clientConfig(ports) };
}
