// What the API benchmarks share (bench.mjs, large.mjs): free ports, a JWKS issuer that signs the
// customers' tokens, a mail sink, waiting for a server and reading a process's CPU time.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';

/** USER_HZ of /proc/<pid>/stat's times (100 on Linux). */
const CLOCK_TICKS = 100;

/** Whether nothing listens on this port of 127.0.0.1. */
export const isFree = (port) =>
  new Promise((resolve) => {
    const server = createNetServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
export async function freePort(from, to) {
  for (let port = from; port <= to; port++) if (await isFree(port)) return port;
  throw new Error(`no free port in ${from}..${to}`);
}

export async function waitFor(url, child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** CPU seconds a process has used (Linux /proc; undefined elsewhere). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * A mail server that accepts every message (as the devstack's Mailpit does), so the orders' emails
 * are sent once each instead of failing and coming back as retries during the next run.
 */
export async function startMailSink(port) {
  const server = createNetServer((socket) => {
    let inData = false;
    let pending = '';
    socket.setEncoding('latin1');
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') socket.write('250 queued\r\n');
          inData = line !== '.';
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'DATA' ? '354 go on\r\n' : '250 ok\r\n');
      }
    });
    socket.write('220 bench mail sink\r\n');
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** A signing key whose JWKS the API fetches, so POST /orders runs the real token verification. */
export async function startIssuer(port, count) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'bench', alg: 'RS256', use: 'sig' };
  const server = createServer((_request, response) =>
    response.end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${port}`;
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const header = part({ alg: 'RS256', typ: 'JWT', kid: 'bench' });
  /** A token of this customer (any email), valid for an hour. */
  const sign = (claims) => {
    const unsigned = `${header}.${part({ ...claims, aud: 'urn:toolshop:api', iss: issuer, iat: now, exp: now + 3600 })}`;
    return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')}`;
  };
  const tokens = Array.from({ length: count }, (_, i) =>
    sign({ sub: `bench${i}`, email: `bench${i}@toolshop.test`, name: `Bench ${i}` }),
  );
  return { server, issuer, tokens, sign };
}

/**
 * Runs a benchmark's `main` and always stops what it started: the `children` (SIGTERM, SIGKILL
 * after 5 s), then the `cleanups` in reverse order, once, on success, failure, Ctrl-C or after
 * `timeLimitMs`; then exits.
 */
export function runBench(main, { children, cleanups, timeLimitMs }) {
  const shutdown = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  let stopping;
  // One shutdown, however many ask for it (Ctrl-C while main() fails, the time limit...).
  const stopAndExit = async (code) => {
    stopping ??= shutdown();
    await stopping;
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}, stopping the servers`);
      void stopAndExit(130);
    });
  }
  setTimeout(() => {
    console.error(`bench: still running after ${timeLimitMs / 1000} s, giving up`);
    void stopAndExit(1);
  }, timeLimitMs).unref();
  main().then(
    () => stopAndExit(0),
    (error) => {
      // After Ctrl-C, what failed is only what the shutdown took away.
      if (!stopping) console.error(error);
      return stopAndExit(1);
    },
  );
}
