// The local load balancer of `npm start -- --api-instances N`: Debian's HAProxy 2.6 in front of N API
// processes and two identity-provider processes, on the ports the shop already uses (API 5000, provider
// 4000, moved by the offset); the instances listen on private loopback ports.
//
// HAProxy rather than nginx: open-source nginx notices a dead upstream only when a real request fails
// there (its active `health_check` is nginx Plus only); HAProxy asks every instance's /health/ready each
// second and stops routing to one that says 503 (an instance that is shutting down) before any request
// fails, retries a request whose connection was refused on another instance, and keeps a small table
// to send a Google sign-in back to the provider process that started it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@toolshop/settings/repo-root';
import { assertPortsFree, startService } from './processes.mjs';
import { localUrl } from '@toolshop/web-server/runtime-files.mjs';

/** Debian puts it in /usr/sbin, which a user's PATH may lack. */
export const HAPROXY =
  process.env.HAPROXY_BIN || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
export const MAX_API_INSTANCES = 8;
/** Provider processes behind the proxy when the API runs as several (two, as the multi-process tests run them). */
export const IDENTITY_INSTANCES = 2;

/** `--api-instances 3` or `--api-instances=3` (default 1: one API, no proxy, the ports of today). */
export function parseApiInstances(argv) {
  const at = argv.findIndex(
    (arg) => arg === '--api-instances' || arg.startsWith('--api-instances='),
  );
  if (at === -1) return 1;
  const raw = argv[at].includes('=') ? argv[at].slice(argv[at].indexOf('=') + 1) : argv[at + 1];
  const count = Number(raw);
  if (!/^\d+$/.test(raw ?? '') || count < 1 || count > MAX_API_INSTANCES) {
    throw new Error(
      `--api-instances must be a whole number from 1 to ${MAX_API_INSTANCES}, got "${raw ?? ''}"`,
    );
  }
  return count;
}

const range = (count, from) => Array.from({ length: count }, (_, i) => from + i);

/**
 * Private ports of the instances, within the offset's block of the public ones: API instances at
 * API + 10.., provider instances at provider + 10.., their "Google" stand-ins at the public stand-in
 * port (the first) and stand-in + 20.. (the others), HAProxy's statistics at API + 9.
 */
export function instancePorts(ports, { apiInstances, identityInstances = IDENTITY_INSTANCES }) {
  return {
    api: range(apiInstances, ports.api + 10),
    identity: range(identityInstances, ports.identity + 10),
    google: [ports.google, ...range(identityInstances - 1, ports.google + 21)],
    stats: ports.api + 9,
  };
}

/** A W3C trace context header: version 00, 32 hex trace id, 16 hex parent id, flags. */
const TRACEPARENT = '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$';
/** The request ids the API takes from a caller (api/src/app.factory.ts); others get a fresh one. */
const REQUEST_ID = '^[A-Za-z0-9_.:-]{1,64}$';

/**
 * How long an instance keeps serving after SIGTERM while its /health/ready says 503: longer than the
 * proxy takes to notice (two failed checks, about 1.5 s), shorter than the launcher's 5 s before it
 * sends SIGKILL (processes.mjs). Outside production the processes default to no drain at all.
 */
export const DRAIN_MS = '4000';

const servers = (prefix, ports) =>
  ports.map((port, i) => `  server ${prefix}${i + 1} 127.0.0.1:${port}`).join('\n');

/**
 * The HAProxy configuration (haproxy.cfg) of a stack.
 * @param {{ api: { port: number, servers: number[] }, identity?: { port: number, servers: number[] },
 *           statsPort: number, log?: boolean }} layout (no identity: the API alone, e.g. in the benchmark)
 */
export function haproxyConfig({ api, identity, statsPort, log = true }) {
  return `# Written by infra/devstack/src/proxy.mjs at every start; edits are lost.
global
  nbthread 1
  maxconn 4096
${log ? '  log stdout format raw local0 info\n' : ''}
defaults
  mode http
${log ? "  log global\n  option httplog\n  # Only what went wrong (5xx, retries, redispatches): every request is in the API's own log.\n  option dontlog-normal\n" : ''}  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout queue 10s
  timeout check 2s
  # The client's address for the instances' rate limits (TRUST_PROXY=1 there: this one hop).
  option forwardfor
  # No idle server connection to lose to an instance that closes it while it shuts down: a refused
  # connection is retried on another instance (retries, redispatch) and nothing else fails.
  option http-server-close
  retries 3
  option redispatch 1
  # Also when an instance died with the request (kill -9): only requests safe to send twice (below).
  retry-on conn-failure empty-response response-timeout
  default-server check inter 1s fastinter 300ms downinter 1s fall 2 rise 2

frontend api
  bind 127.0.0.1:${api.port}
  # W3C trace context and a request id: kept when the client sent valid ones, else created here.
  http-request set-var(txn.trace) uuid(4),regsub(-,,g) unless { req.hdr(traceparent) -m reg ${TRACEPARENT} }
  http-request set-var(txn.span) uuid(4),regsub(-,,g),bytes(0,16) unless { req.hdr(traceparent) -m reg ${TRACEPARENT} }
  http-request set-header traceparent 00-%[var(txn.trace)]-%[var(txn.span)]-01 if { var(txn.trace) -m found }
  http-request set-header X-Request-Id %[uuid(4)] unless { req.hdr(x-request-id) -m reg ${REQUEST_ID} }
  http-request set-header X-Forwarded-Proto http
  http-request capture req.hdr(x-request-id) len 64
  http-request capture req.hdr(traceparent) len 55
  default_backend api

${
  identity
    ? `frontend identity
  bind 127.0.0.1:${identity.port}
  default_backend identity

`
    : ''
}backend api
  balance roundrobin
  option httpchk
  http-check send meth GET uri /health/ready ver HTTP/1.1 hdr Host localhost
  http-check expect status 200
  # A write is sent again after a dead instance only with an Idempotency-Key (the API answers a
  # repeat with the first answer); without one it may have been applied: the client gets the 502.
  http-request disable-l7-retry if !METH_GET !METH_HEAD !METH_OPTIONS !{ req.hdr(idempotency-key) -m found }
${servers('api', api.servers)}

${identity ? identityBackend(identity) : ''}
frontend stats
  bind 127.0.0.1:${statsPort}
  http-request use-service prometheus-exporter if { path /metrics }
  stats enable
  stats uri /
  stats refresh 5s
`;
}

const identityBackend = (identity) => `backend identity
  balance roundrobin
  option httpchk
  http-check send meth GET uri /health/ready ver HTTP/1.1 hdr Host localhost
  http-check expect status 200
  http-request disable-l7-retry if !METH_GET !METH_HEAD !METH_OPTIONS
  http-request set-header X-Forwarded-Proto http
  # A Google sign-in ends at the process that began it: its "Google" stand-in (development only)
  # keeps its client secret and keys in that process. Keyed on the interaction id in the path.
  stick-table type string len 64 size 10k expire 30m
  stick on path,field(3,/) if { path_reg ^/interaction/[^/]+/google } !{ path_beg /interaction/callback/ }
${servers('identity', identity.servers)}
`;

/** Fails with the install command when HAProxy is missing (only `--api-instances` above 1 needs it). */
export function assertHaproxyInstalled() {
  if (spawnSync(HAPROXY, ['-v'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `--api-instances needs HAProxy (${HAPROXY} not found): apt-get install haproxy (Debian), or set HAPROXY_BIN`,
    );
  }
}

/**
 * State of every server behind the proxy, from its statistics page (CSV): backend -> server -> status
 * ('UP', 'DOWN', 'no check', ...). Tests and the start use it to wait for the health checks.
 */
export async function serverStates(statsUrl) {
  const response = await fetch(`${statsUrl}/;csv;norefresh`, { signal: AbortSignal.timeout(2000) });
  const [header, ...rows] = (await response.text()).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const col = (name) => columns.indexOf(name);
  const states = {};
  for (const row of rows.map((line) => line.split(','))) {
    const [backend, server, status] = [row[col('pxname')], row[col('svname')], row[col('status')]];
    if (server === 'FRONTEND' || server === 'BACKEND') continue;
    (states[backend] ??= {})[server] = status;
  }
  return states;
}

/** Waits until every server of every backend passes its health check (UP). */
export async function waitForServersUp(statsUrl, { timeoutMs = 60_000, which = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = {};
  while (Date.now() < deadline) {
    try {
      last = await serverStates(statsUrl);
      const servers = Object.entries(last).flatMap(([backend, all]) =>
        Object.entries(all).filter(([server]) => which(backend, server)),
      );
      if (servers.length && servers.every(([, status]) => status === 'UP')) return last;
    } catch {
      // the proxy is not answering yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `the proxy's servers are not all up within ${timeoutMs} ms: ${JSON.stringify(last)}`,
  );
}

/**
 * Writes the configuration into runDir, checks it (`haproxy -c`) and runs HAProxy in the foreground
 * as a child of this process (stopped with the others by processes.mjs).
 */
export async function startHaproxy(layout, { runDir, quiet = false }) {
  assertHaproxyInstalled();
  mkdirSync(runDir, { recursive: true });
  const file = join(runDir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ ...layout, log: !quiet }));
  const checked = spawnSync(HAPROXY, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (checked.status !== 0)
    throw new Error(`HAProxy refused ${file}:\n${checked.stderr}${checked.stdout}`);
  await startService('proxy', HAPROXY, ['-db', '-f', file], {
    quiet,
    readyUrl: localUrl(layout.statsPort),
  });
  return { configFile: file, statsUrl: localUrl(layout.statsPort) };
}

/**
 * The identity provider and the API as several processes behind HAProxy, at the stack's public URLs.
 * The environments are those of one process (stack.mjs); each instance gets its private port, and the
 * issuer and the API's public URL stay the proxy's. apiMain: the API's build (another one in tests).
 * @returns {Promise<{ statsUrl: string, configFile: string, instances: { name: string, url: string, child: import('node:child_process').ChildProcess }[] }>}
 */
export async function startBalancedServices({
  urls,
  identityEnv,
  apiEnv,
  apiInstances,
  test = false,
  quiet = false,
  runDir,
  apiMain = 'api/dist/main.js',
}) {
  assertHaproxyInstalled();
  const { ports } = urls;
  const privatePorts = instancePorts(ports, { apiInstances });
  await assertPortsFree({
    ...Object.fromEntries(privatePorts.api.map((port, i) => [`api-${i + 1}`, port])),
    ...Object.fromEntries(privatePorts.identity.map((port, i) => [`identity-${i + 1}`, port])),
    ...Object.fromEntries(privatePorts.google.slice(1).map((port, i) => [`google-${i + 2}`, port])),
    stats: privatePorts.stats,
  });
  const instances = [];
  const start = async (name, args, env, port) => {
    const url = localUrl(port);
    const { child } = await startService(name, process.execPath, args, {
      cwd: repoRoot,
      quiet,
      env: { SHUTDOWN_DRAIN_MS: DRAIN_MS, ...env, PORT: String(port) },
      readyUrl: `${url}/health/ready`,
    });
    instances.push({ name, url, child });
  };

  // One after the other: the first writes the signing and cookie keys (infra/identity/keys) that
  // the second reads, so both sign the same tokens and read each other's cookies.
  for (const [i, port] of privatePorts.identity.entries()) {
    await start(
      `identity-${i + 1}`,
      ['infra/identity/src/main.ts'],
      {
        ...identityEnv,
        GOOGLE_STANDIN_PORT: String(privatePorts.google[i]),
        // One proxy hop; the browser tests name their own client address in front of it.
        TRUST_PROXY: test ? '2' : '1',
      },
      port,
    );
  }
  const proxy = await startHaproxy(
    {
      api: { port: ports.api, servers: privatePorts.api },
      identity: { port: ports.identity, servers: privatePorts.identity },
      statsPort: privatePorts.stats,
    },
    { runDir, quiet },
  );
  // The first API seeds an empty catalog before the others start (two seeders would both fill it).
  const apiStart = (i) =>
    start(
      `api-${i + 1}`,
      [apiMain],
      { ...apiEnv, TRUST_PROXY: '1', ...(i > 0 ? { SEED: 'false' } : {}) },
      privatePorts.api[i],
    );
  await apiStart(0);
  await Promise.all(privatePorts.api.slice(1).map((_, i) => apiStart(i + 1)));
  await waitForServersUp(proxy.statsUrl);
  instances.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  return { ...proxy, instances };
}
