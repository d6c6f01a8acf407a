// Across processes, through the real proxy: the database, two identity-provider processes, three API
// processes (api/dist: Nx builds the API before these tests) and HAProxy, started as `npm start --
// --api-instances 3` starts them (proxy.mjs), at port offset 2960 on a fresh database.
// MULTI_INSTANCE_API_MAIN=<path of main.js> runs another build of the API (e.g. one of an older commit).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import { WEB_CLIENT_ID } from '@toolshop/settings';
import { MongoClient, ObjectId } from 'mongodb';
import { startDatabase } from '../src/database.mjs';
import { ensureMailpit, startMailCatcher } from '../src/mail.mjs';
import { startService, stopAll } from '../src/processes.mjs';
import {
  instancePorts,
  serverStates,
  startBalancedServices,
  waitForServersUp,
} from '../src/proxy.mjs';
import { apiEnv, identityEnv, mailEnv, repoRoot } from '../src/stack.mjs';
import { stackUrls } from '@toolshop/web-server/runtime-files.mjs';

const OFFSET = 2960;
const API_INSTANCES = 3;
const urls = stackUrls(OFFSET);
const privatePorts = instancePorts(urls.ports, { apiInstances: API_INSTANCES });
const CUSTOMERS = 10;
const API_MAIN = process.env.MULTI_INSTANCE_API_MAIN || 'api/dist/main.js';

let dataDir;
let database;
let mongo;
let statsUrl;
let apiEnvironment;
const tokens = [];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /token of the provider at `base` (the proxy or one process). */
async function tokenGrant(base, fields) {
  const response = await fetch(`${base}/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: WEB_CLIENT_ID, ...fields }),
  });
  return { status: response.status, body: await response.json() };
}

/** The newest link mailed to this address, read from the stack's mail catcher (Mailpit's HTTP API). */
async function mailedLink(email) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const search = await fetch(
      `${urls.mail}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}&limit=5`,
    );
    const [newest] = (await search.json()).messages ?? [];
    if (newest) {
      const { Text } = await (await fetch(`${urls.mail}/api/v1/message/${newest.ID}`)).json();
      const link = /https?:\/\/\S+/.exec(Text)?.[0];
      assert.ok(link, `the sign-up email to ${email} holds a link`);
      return link;
    }
    assert.ok(Date.now() < deadline, `no email to ${email} within 15 s`);
    await sleep(200);
  }
}

/** Signs up through the proxy and follows the emailed link, which makes the account. */
async function signUp(i) {
  const user = {
    name: `Cross ${i}`,
    email: `cross-${i}-${randomUUID().slice(0, 8)}@multi.test`,
    password: `pw-${randomUUID()}`,
  };
  const created = await fetch(`${urls.identity}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  assert.equal(created.status, 202, `sign-up through the proxy: ${await created.text()}`);
  const followed = await fetch(await mailedLink(user.email), { redirect: 'manual' });
  assert.equal(followed.status, 303, `the sign-up link of ${user.email}`);
  return user;
}

const passwordGrant = (base, user) =>
  tokenGrant(base, {
    grant_type: 'password',
    username: user.email,
    password: user.password,
    scope: 'openid email profile offline_access',
  });

async function createCustomer(i) {
  const { body } = await passwordGrant(urls.identity, await signUp(i));
  assert.ok(body.access_token, `token through the proxy: ${JSON.stringify(body)}`);
  return body.access_token;
}

async function addTool(available) {
  const { insertedId } = await mongo
    .db('toolshop')
    .collection('tools')
    .insertOne({
      name: `Cross-process drill ${randomUUID().slice(0, 6)}`,
      img: '/images/cordless-drill.webp',
      shortDescription: 'Stock shared by every API process.',
      minOrder: 1,
      available,
      price: 120,
    });
  return String(insertedId);
}

const stockOf = async (toolId) =>
  (
    await mongo
      .db('toolshop')
      .collection('tools')
      .findOne({ _id: new ObjectId(toolId) })
  ).available;
const ordersOf = (toolId) =>
  mongo
    .db('toolshop')
    .collection('orders')
    .find({ toolId: new ObjectId(toolId) })
    .toArray();

/** One POST /orders through the proxy; a connection error is status 0. */
async function order(
  toolId,
  { token = tokens[0], key, address = '1 Proxy Street', headers = {} } = {},
) {
  try {
    const response = await fetch(`${urls.api}/orders`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        ...(key ? { 'Idempotency-Key': key } : {}),
        ...headers,
      },
      body: JSON.stringify({ toolId, address, phone: '555-0100', orderQuantity: 1 }),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  } catch (error) {
    return { status: 0, error };
  }
}

/** No answer, the proxy's 502/503, or the API's 409 "still being processed; retry it in a moment". */
const retryable = ({ status, body }) =>
  status === 0 ||
  status === 502 ||
  status === 503 ||
  (status === 409 && /still being processed/.test(body?.message ?? ''));

/**
 * A client that retries its order with the same Idempotency-Key, as the answers ask, until it gets
 * one it can act on (or gives up after a minute: then its last answer is the result).
 */
async function orderWithRetries(toolId, options, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await order(toolId, options);
  while (retryable(last) && Date.now() < deadline) {
    await sleep(200 + Math.random() * 300);
    last = await order(toolId, options);
  }
  return last;
}

/** One column of HAProxy's statistics for each API instance (stot: requests so far, scur: now). */
async function perInstance(column) {
  const csv = await (await fetch(`${statsUrl}/;csv;norefresh`)).text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  return Object.fromEntries(
    rows
      .map((line) => line.split(','))
      .filter((row) => row[0] === 'api' && /^api\d+$/.test(row[1]))
      .map((row) => [row[1], Number(row[columns.indexOf(column)])]),
  );
}
const requestsPerInstance = () => perInstance('stot');
const inFlight = async (server) => (await perInstance('scur'))[server];

/** Starts API instance n (1-based) again on its private port, as the proxy module did. */
async function restartApi(n) {
  const port = privatePorts.api[n - 1];
  const service = await startService(`api-${n}`, process.execPath, [API_MAIN], {
    cwd: repoRoot,
    quiet: true,
    env: { ...apiEnvironment, TRUST_PROXY: '1', SEED: 'false', PORT: String(port) },
    readyUrl: `http://127.0.0.1:${port}/health/ready`,
  });
  await waitForServersUp(statsUrl);
  return service;
}

describe(`${API_INSTANCES} API processes behind HAProxy`, { timeout: 600_000 }, () => {
  let stack;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'toolshop-multi-'));
    database = await startDatabase({ port: urls.ports.database, dataDir: join(dataDir, 'db') });
    mongo = await MongoClient.connect(database.uri);
    // The provider mails sign-up links to a mail catcher; the API's mail is only logged (SMTP_URL
    // empty); many sign-ups from one address.
    ensureMailpit();
    await startMailCatcher({ smtpPort: urls.ports.smtp, webPort: urls.ports.mail, quiet: true });
    const identityEnvironment = {
      ...identityEnv(urls, database.uri),
      ...mailEnv(urls),
      SIGNUP_LIMIT: '1000',
      KEYS_DIR: join(dataDir, 'keys'),
    };
    apiEnvironment = {
      ...apiEnv(urls, database.uri),
      SMTP_URL: '',
      RATE_LIMIT_WRITES: '1000000',
      RATE_LIMIT_ACCOUNT: '1000000',
      MAX_UNPAID_ORDERS: '1000',
      LOG_LEVEL: 'warn',
    };
    stack = await startBalancedServices({
      urls,
      identityEnv: identityEnvironment,
      apiEnv: apiEnvironment,
      apiInstances: API_INSTANCES,
      apiMain: API_MAIN,
      quiet: true,
      runDir: join(dataDir, 'proxy'),
    });
    statsUrl = stack.statsUrl;
    for (let i = 0; i < CUSTOMERS; i++) tokens.push(await createCustomer(i));
  });

  after(async () => {
    await stopAll();
    await mongo?.close();
    await database?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('two provider processes: a refresh token of one is redeemed once at the other, and every API instance takes the tokens of both', async () => {
    const [one, two] = privatePorts.identity.map((port) => `http://127.0.0.1:${port}`);
    const user = await signUp('keys');
    const first = await passwordGrant(one, user);
    assert.equal(first.status, 200);
    assert.ok(first.body.refresh_token, 'a refresh token (offline_access)');
    const refreshed = await tokenGrant(two, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
    });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    // Rotation is shared: the first refresh token, replayed at its own process, is refused.
    assert.equal(
      (
        await tokenGrant(one, {
          grant_type: 'refresh_token',
          refresh_token: first.body.refresh_token,
        })
      ).status,
      400,
    );
    for (const token of [first.body.access_token, refreshed.body.access_token]) {
      for (const port of privatePorts.api) {
        const response = await fetch(
          `http://127.0.0.1:${port}/orders?email=${encodeURIComponent(user.email)}`,
          {
            headers: { Authorization: `Bearer ${token}` },
          },
        );
        assert.equal(response.status, 200, `API instance at ${port}`);
      }
    }
  });

  test('50 simultaneous orders of 1 through the proxy on a tool with stock 10: exactly 10 orders, stock 0', async () => {
    const toolId = await addTool(10);
    // All three in rotation (a check that failed under the machine's load would leave one out).
    await waitForServersUp(statsUrl);
    const before = await requestsPerInstance();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        order(toolId, { token: tokens[i % CUSTOMERS], key: randomUUID() }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    assert.equal(
      statuses.filter((status) => status === 201).length,
      10,
      `answers: ${statuses.join(' ')}`,
    );
    assert.ok(
      statuses.every((status) => status === 201 || status === 409),
      `only 201 and 409: ${statuses.join(' ')}`,
    );
    assert.equal(await stockOf(toolId), 0);
    assert.equal((await ordersOf(toolId)).length, 10);
    // Every instance took part.
    const afterwards = await requestsPerInstance();
    for (const [server, count] of Object.entries(afterwards))
      assert.ok(count > before[server], `${server} answered some of them`);
  });

  test('a retried order with the same Idempotency-Key through the proxy places one order', async () => {
    const toolId = await addTool(100);
    const key = randomUUID();
    // Round robin sends the repeats to different instances.
    const answers = [];
    for (let i = 0; i < API_INSTANCES; i++) answers.push(await order(toolId, { key }));
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(API_INSTANCES).fill(201),
    );
    assert.equal(
      new Set(answers.map((answer) => answer.body?.insertedId)).size,
      1,
      'the same order each time',
    );
    const simultaneous = await Promise.all(Array.from({ length: 5 }, () => order(toolId, { key })));
    assert.ok(
      simultaneous.every(
        (answer) => answer.body?.insertedId === answers[0].body.insertedId || answer.status === 409,
      ),
      `simultaneous repeats: ${simultaneous.map((answer) => answer.status).join(' ')}`,
    );
    // The same key with another body is refused, on whichever instance it lands.
    for (let i = 0; i < API_INSTANCES; i++)
      assert.equal((await order(toolId, { key, address: `${i} Other Street` })).status, 422);
    assert.equal((await ordersOf(toolId)).length, 1);
    assert.equal(await stockOf(toolId), 99);
  });

  test('kill -9 of one API instance while 20 clients order: no lost or doubled order, every client gets an answer', async () => {
    // A key whose request died with the instance answers 'still being processed' until its claim's
    // lease (5 s, renewed only while its request runs) runs out; the clients retry a little longer.
    const CLAIM_LEASE_MS = 5_000;
    const toolId = await addTool(1000);
    const victim = stack.instances.find((instance) => instance.name === 'api-2');
    const clients = Array.from({ length: 20 }, (_, i) => ({
      key: randomUUID(),
      address: `${i + 1} Retry Road`,
    }));
    const running = clients.map(async (client, i) => {
      // Each client places several orders in a row, so the kill falls among requests in flight.
      const results = [];
      for (let n = 0; n < 3; n++) {
        results.push(
          await orderWithRetries(
            toolId,
            {
              token: tokens[i % CUSTOMERS],
              key: `${client.key}-${n}`,
              address: `${client.address} #${n}`,
            },
            CLAIM_LEASE_MS + 30_000,
          ),
        );
      }
      return results;
    });
    // Killed while requests are in flight on it (HAProxy's current sessions of api2).
    const deadline = Date.now() + 10_000;
    while ((await inFlight('api2')) === 0 && Date.now() < deadline) await sleep(20);
    process.kill(victim.child.pid, 'SIGKILL');
    let results;
    try {
      results = (await Promise.all(running)).flat();
    } finally {
      victim.child = (await restartApi(2)).child;
    }
    const statuses = results.map((result) => result.status);
    assert.ok(
      results.every(
        (result) =>
          !retryable(result) &&
          (result.status === 201 || (result.status >= 400 && result.status < 500)),
      ),
      `answers a client can act on: ${statuses.join(' ')}`,
    );
    const orders = await ordersOf(toolId);
    const placed = statuses.filter((status) => status === 201).length;
    // One order per 201, none twice for one client's attempt, none without an answer.
    const addresses = orders.map((o) => o.address);
    assert.equal(new Set(addresses).size, addresses.length, 'no doubled order');
    assert.equal(orders.length, placed, 'every order was answered 201, every 201 is an order');
    assert.equal(await stockOf(toolId), 1000 - orders.length);
  });

  test('SIGTERM to one instance under load: the proxy stops routing to it and no request fails', async () => {
    const toolId = await addTool(100_000);
    const victim = stack.instances.find((instance) => instance.name === 'api-3');
    const failures = [];
    let stop = false;
    let requests = 0;
    const worker = async (i) => {
      for (let n = 0; !stop; n++) {
        const read = n % 2 === 0;
        let status;
        try {
          status = read
            ? (await fetch(`${urls.api}/tools/${toolId}`, { signal: AbortSignal.timeout(30_000) }))
                .status
            : (await order(toolId, { token: tokens[i % CUSTOMERS], key: randomUUID() })).status;
        } catch {
          status = 0;
        }
        requests++;
        if (status !== 200 && status !== 201) failures.push(`${read ? 'GET' : 'POST'} ${status}`);
      }
    };
    const workers = Array.from({ length: 10 }, (_, i) => worker(i));
    await sleep(1500);
    let hasExited = false;
    const exited = new Promise((resolve) => victim.child.once('exit', resolve)).then(
      () => (hasExited = true),
    );
    process.kill(victim.child.pid, 'SIGTERM');
    let outBeforeExit;
    try {
      // The instance says 503 on /health/ready while it drains (SHUTDOWN_DRAIN_MS, proxy.mjs): the
      // proxy's checks take it out before it exits; requests it no longer accepts go elsewhere.
      const deadline = Date.now() + 15_000;
      while ((await serverStates(statsUrl)).api.api3 === 'UP' && Date.now() < deadline)
        await sleep(100);
      outBeforeExit = !hasExited;
      await exited;
      await sleep(1500);
    } finally {
      stop = true;
      await Promise.all(workers);
    }
    assert.ok(outBeforeExit, 'the proxy took the instance out before it exited');
    assert.notEqual((await serverStates(statsUrl)).api.api3, 'UP');
    assert.ok(requests > 50, `under load (${requests} requests)`);
    assert.deepEqual(failures, [], `of ${requests} requests`);
  });
});
