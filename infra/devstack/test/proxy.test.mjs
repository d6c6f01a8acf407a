// The local load balancer (proxy.mjs): its options, its ports, and the real HAProxy in front of small
// node:http servers that echo what reaches them (headers, stickiness, health checks).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { stopAll } from '../src/processes.mjs';
import {
  instancePorts,
  parseApiInstances,
  serverStates,
  startHaproxy,
  waitForServersUp,
} from '../src/proxy.mjs';
import { stackPorts } from '@toolshop/web-server/runtime-files.mjs';

test('--api-instances takes a count as the next argument or after =, 1 by default', () => {
  assert.equal(parseApiInstances([]), 1);
  assert.equal(parseApiInstances(['--api-instances', '3']), 3);
  assert.equal(parseApiInstances(['--api-instances=3']), 3);
  for (const bad of [
    ['--api-instances'],
    ['--api-instances', 'x'],
    ['--api-instances=0'],
    ['--api-instances=9'],
    ['--api-instances=2.5'],
  ]) {
    assert.throws(
      () => parseApiInstances(bad),
      /--api-instances must be a whole number from 1 to 8/,
    );
  }
});

test('the instances listen on private ports of the offset, none of them a public port of any offset block', () => {
  const ports = stackPorts(2900);
  const privatePorts = instancePorts(ports, { apiInstances: 8 });
  assert.deepEqual(privatePorts.api, [7910, 7911, 7912, 7913, 7914, 7915, 7916, 7917]);
  assert.deepEqual(privatePorts.identity, [6910, 6911]);
  // The first provider's "Google" stand-in keeps the public stand-in port.
  assert.deepEqual(privatePorts.google, [ports.google, 6922]);
  assert.equal(privatePorts.stats, 7909);
  const all = [
    ...privatePorts.api,
    ...privatePorts.identity,
    ...privatePorts.google.slice(1),
    privatePorts.stats,
  ];
  assert.equal(new Set(all).size, all.length);
  const publicPorts = new Set();
  for (let offset = 0; offset <= 60000; offset += 100)
    for (const port of Object.values(stackPorts(offset))) publicPorts.add(port);
  for (const port of all)
    assert.ok(!publicPorts.has(port), `${port} is no public port of any offset`);
});

describe('HAProxy in front of echoing instances', () => {
  // Offset 2900 + 40: beside the helper's own manual stack (its ports), never on another's.
  const ports = { api: 7940, identity: 6940, stats: 7949 };
  const apiPorts = [7950, 7951, 7952];
  const identityPorts = [6950, 6951];
  const ready = new Map(apiPorts.map((port) => [port, true]));
  const servers = [];
  let runDir;
  let statsUrl;

  const echo = (port) =>
    new Promise((resolve) => {
      const server = createServer((request, response) => {
        if (request.url === '/health/ready') {
          response.statusCode = ready.get(port) === false ? 503 : 200;
          return response.end();
        }
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ port, url: request.url, headers: request.headers }));
      });
      servers.push(server);
      server.listen(port, '127.0.0.1', resolve);
    });
  const get = async (url, headers = {}) => (await fetch(url, { headers })).json();

  before(async () => {
    await Promise.all([...apiPorts, ...identityPorts].map(echo));
    runDir = mkdtempSync(join(tmpdir(), 'toolshop-proxy-'));
    ({ statsUrl } = await startHaproxy(
      {
        api: { port: ports.api, servers: apiPorts },
        identity: { port: ports.identity, servers: identityPorts },
        statsPort: ports.stats,
      },
      { runDir, quiet: true },
    ));
    await waitForServersUp(statsUrl);
  });

  after(async () => {
    await stopAll();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    rmSync(runDir, { recursive: true, force: true });
  });

  test('spreads requests over every instance and names the client in X-Forwarded-For', async () => {
    const seen = new Set();
    for (let i = 0; i < 6; i++) {
      const { port, headers } = await get(`http://127.0.0.1:${ports.api}/tools`, {
        'X-Forwarded-For': '203.0.113.9',
      });
      seen.add(port);
      // The instances believe one hop (TRUST_PROXY=1): the last entry, the proxy's own, is the client.
      assert.equal(headers['x-forwarded-for'], '203.0.113.9, 127.0.0.1');
      assert.equal(headers['x-forwarded-proto'], 'http');
    }
    assert.deepEqual([...seen].sort(), apiPorts);
  });

  test('creates a W3C traceparent and an X-Request-Id, or passes valid ones on', async () => {
    const created = (await get(`http://127.0.0.1:${ports.api}/tools`)).headers;
    assert.match(created.traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    assert.doesNotMatch(created.traceparent, /^00-0{32}/);
    assert.match(created['x-request-id'], /^[0-9a-f-]{36}$/);
    const again = (await get(`http://127.0.0.1:${ports.api}/tools`)).headers;
    assert.notEqual(
      again.traceparent.slice(3, 35),
      created.traceparent.slice(3, 35),
      'a new trace per request',
    );

    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const passed = (
      await get(`http://127.0.0.1:${ports.api}/tools`, {
        traceparent,
        'X-Request-Id': 'client-id-1',
      })
    ).headers;
    assert.equal(passed.traceparent, traceparent);
    assert.equal(passed['x-request-id'], 'client-id-1');

    const replaced = (
      await get(`http://127.0.0.1:${ports.api}/tools`, {
        traceparent: 'junk',
        'X-Request-Id': 'no spaces allowed',
      })
    ).headers;
    assert.match(replaced.traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    assert.match(replaced['x-request-id'], /^[0-9a-f-]{36}$/);
  });

  test('a Google sign-in comes back to the provider process that started it', async () => {
    const identity = `http://127.0.0.1:${ports.identity}`;
    for (const uid of ['uidOne', 'uid-two', 'uid_three', 'uidFour']) {
      const started = await get(`${identity}/interaction/${uid}/google`);
      for (let i = 0; i < 3; i++)
        assert.equal(
          (await get(`${identity}/interaction/${uid}/google/callback?code=c`)).port,
          started.port,
        );
    }
    // Everything else is spread over both.
    const seen = new Set();
    for (let i = 0; i < 4; i++)
      seen.add((await get(`${identity}/interaction/callback/google?state=x`)).port);
    assert.deepEqual([...seen].sort(), identityPorts);
  });

  test('stops routing to an instance whose /health/ready says 503 and takes it back once ready', async () => {
    ready.set(apiPorts[1], false);
    await waitForServersUp(statsUrl, { which: (backend) => backend !== 'api' });
    const deadline = Date.now() + 15_000;
    while ((await serverStates(statsUrl)).api.api2 !== 'DOWN' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    assert.equal((await serverStates(statsUrl)).api.api2, 'DOWN');
    for (let i = 0; i < 6; i++)
      assert.notEqual((await get(`http://127.0.0.1:${ports.api}/tools`)).port, apiPorts[1]);
    ready.set(apiPorts[1], true);
    await waitForServersUp(statsUrl);
  });

  test('retries a read whose instance refuses connections on another one', async () => {
    const [closing] = servers;
    await new Promise((resolve) => {
      closing.closeAllConnections();
      closing.close(resolve);
    });
    try {
      // Before the health check notices: every request still gets its answer.
      for (let i = 0; i < 6; i++)
        assert.notEqual((await get(`http://127.0.0.1:${ports.api}/tools`)).port, apiPorts[0]);
    } finally {
      await new Promise((resolve) => closing.listen(apiPorts[0], '127.0.0.1', resolve));
    }
  });
});
