import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDatabase } from '@toolshop/devstack/database';
import { configFromEnv } from '../src/config.ts';
import { routeTemplate } from '../src/http/observability.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const TOKEN = 'scrape-token-0123456789';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
  });

describe('database, metrics and shutdown settings', () => {
  const base = { MONGODB_URI: 'mongodb://db-0,db-1/?replicaSet=rs0' };

  it('defaults to majority writes, retries and primary reads, from the same MONGODB_* as the API', () => {
    const config = configFromEnv(base);
    assert.deepEqual(config.mongoOptions, {
      writeConcern: { w: 'majority', journal: true, wtimeoutMS: 10_000 },
      retryWrites: true,
      retryReads: true,
      readPreference: 'primary',
      maxPoolSize: 10,
      serverSelectionTimeoutMS: 10_000,
      connectTimeoutMS: 10_000,
      socketTimeoutMS: 45_000,
    });
    assert.equal(config.shutdownDrainMs, 0);
    const production = configFromEnv({
      ...base,
      NODE_ENV: 'production',
      ISSUER: 'https://id.shop.example',
      COOKIE_KEYS: 'k'.repeat(32),
      TRUST_PROXY: '1',
      SMTP_URL: 'smtp://mail:25',
      GOOGLE_SIGN_IN: 'off',
    });
    assert.equal(production.shutdownDrainMs, 5000);
    assert.equal(config.metricsToken, undefined);
    const tuned = configFromEnv({
      ...base,
      MONGODB_WRITE_CONCERN: '2',
      MONGODB_READ_PREFERENCE: 'nearest',
      MONGODB_RETRY_WRITES: 'false',
      SHUTDOWN_DRAIN_MS: '0',
      METRICS_TOKEN: TOKEN,
    });
    assert.deepEqual(tuned.mongoOptions?.writeConcern, { w: 2, journal: true, wtimeoutMS: 10_000 });
    assert.equal(tuned.mongoOptions?.readPreference, 'nearest');
    assert.equal(tuned.mongoOptions?.retryWrites, false);
    assert.equal(tuned.shutdownDrainMs, 0);
    assert.equal(tuned.metricsToken, TOKEN);
  });

  it('refuses bad values at boot', () => {
    assert.throws(
      () => configFromEnv({ ...base, MONGODB_WRITE_CONCERN: 'all' }),
      /MONGODB_WRITE_CONCERN must be/,
    );
    assert.throws(
      () => configFromEnv({ ...base, MONGODB_READ_PREFERENCE: 'any' }),
      /MONGODB_READ_PREFERENCE must be/,
    );
    assert.throws(
      () => configFromEnv({ ...base, MONGODB_RETRY_WRITES: 'yes' }),
      /MONGODB_RETRY_WRITES must be true or false/,
    );
    assert.throws(
      () => configFromEnv({ ...base, METRICS_TOKEN: 'short' }),
      /METRICS_TOKEN must be/,
    );
  });

  it('labels requests by route template, never by raw path', () => {
    assert.equal(routeTemplate('/token'), '/token');
    assert.equal(routeTemplate('/interaction/abc_DEF-123/login?x=1'), '/interaction/:uid/login');
    assert.equal(routeTemplate('/auth/xyz'), '/auth/:uid');
    assert.equal(routeTemplate('/no/such/path/42'), 'other');
  });
});

describe('the provider as a real process (node src/main.ts)', () => {
  let dir = '';
  let database: { uri: string; stop: () => Promise<void> } | undefined;
  let child: ChildProcess;
  let url = '';
  let output = '';
  let exited: Promise<number | null>;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolshop-identity-ops-'));
    database = await startDatabase({ port: 27428, dataDir: join(dir, 'db'), quiet: true });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        MONGODB_URI: database.uri,
        IDENTITY_DB: 'identity-ops-test',
        PORT: String(port),
        HOST: '127.0.0.1',
        ISSUER: `http://localhost:${port}`,
        GOOGLE_SIGN_IN: 'off',
        KEYS_DIR: join(dir, 'keys'),
        SHUTDOWN_DRAIN_MS: '3000',
        METRICS_TOKEN: TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    // Generous: on a machine shared by many jobs loading the provider has taken tens of seconds.
    const deadline = Date.now() + 150_000;
    for (;;) {
      const ready = await fetch(`${url}/health/ready`).catch(() => undefined);
      if (ready?.status === 200) break;
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`the provider did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  after(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await database?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('logs and echoes the trace id of a given traceparent', async () => {
    const answer = await fetch(`${url}/.well-known/openid-configuration`, {
      headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01`, 'x-request-id': 'idp-trace-1' },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('x-trace-id'), TRACE_ID);
    assert.match(
      answer.headers.get('traceresponse') ?? '',
      new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`),
    );
    // The line arrives through the child's stdout: wait for it (a loaded machine delays it).
    const findLine = () => output.split('\n').find((entry) => entry.includes('reqId=idp-trace-1'));
    for (const deadline = Date.now() + 20_000; !findLine() && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const line = findLine();
    assert.ok(line, output);
    assert.match(
      line,
      new RegExp(`request GET /.well-known/openid-configuration 200 \\d+ms traceId=${TRACE_ID} `),
    );
    // The readiness polls of the start were answered, but are not logged.
    assert.doesNotMatch(output, /request GET \/health\/ready 200/);
  });

  it('serves Prometheus metrics to the metrics token only', async () => {
    assert.equal((await fetch(`${url}/metrics`)).status, 401);
    assert.equal(
      (
        await fetch(`${url}/metrics`, {
          headers: { authorization: 'Bearer wrong-token-0123456789' },
        })
      ).status,
      401,
    );
    const scrape = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(scrape.status, 200);
    assert.match(scrape.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    assert.match(
      text,
      /http_server_request_duration_seconds_count\{method="GET",route="\/\.well-known\/openid-configuration",status_class="2xx"\} [1-9]/,
    );
    assert.match(text, /mongodb_pool_connections\{state="open"\} [1-9]/);
    assert.match(text, /process_resident_memory_bytes/);
  });

  it('on SIGTERM: not ready, still serving, finishes the request in flight, exits 0', async () => {
    // A token request whose body arrives in two parts: in flight across the signal.
    const body = 'grant_type=refresh_token&client_id=toolshop-web&refresh_token=not-a-real-token';
    const req = request(`${url}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      req.once('response', (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode!));
      });
      req.once('error', reject);
    });
    req.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGTERM');
    const signalled = Date.now();

    let ready = 0;
    for (const deadline = Date.now() + 10_000; ready !== 503 && Date.now() < deadline;) {
      ready = (await fetch(`${url}/health/ready`)).status;
      if (ready !== 503) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(ready, 503);
    const alive = await fetch(`${url}/health`);
    assert.equal(alive.status, 200);
    assert.equal(alive.headers.get('connection'), 'close');

    // Past the drain the listener closes (new connections are refused); the request in flight waits.
    let refused = false;
    for (const deadline = Date.now() + 30_000; !refused && Date.now() < deadline;) {
      refused = await fetch(`${url}/health`).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(refused, 'the listener did not close');
    assert.ok(Date.now() - signalled >= 3000, 'closed before the drain was over');
    req.end(body.slice(20));
    assert.equal(await answered, 400);
    assert.equal(await exited, 0);
    assert.match(output, /SIGTERM: not ready; draining for 3000 ms, then closing/);
    assert.match(output, /closed: requests finished, database disconnected/);
  });
});
