import { request } from 'node:http';
import { ApiProcesses } from './support/api-processes';

/**
 * A real API process (api/dist/main.js): its request logs carry the caller's W3C trace id; on
 * SIGTERM it is not ready at once, keeps answering during the drain, finishes the request in
 * flight, closes everything and exits 0.
 */
let group: ApiProcesses;
let api: { url: string; child: ApiProcesses['instances'][number]['child'] };
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
beforeAll(async () => {
  group = await ApiProcesses.start(1, { SHUTDOWN_DRAIN_MS: '3000', LOG_LEVEL: 'info' });
  api = group.instances[0]!;
  exited = new Promise((resolve) =>
    api.child.once('exit', (code, signal) => resolve({ code, signal })),
  );
}, 180_000);
afterAll(() => group?.stop());
// A real process on a shared machine: generous bounds; nothing here measures speed.
jest.setTimeout(120_000);

/** The JSON log lines the process printed so far (a line still arriving is skipped). */
const logLines = (): Array<Record<string, unknown>> =>
  group.instances[0]!.output.join('')
    .split('\n')
    .filter((line) => line.startsWith('{') && line.endsWith('}'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });

/** A POST whose body arrives in two parts: in flight from the first to the second. */
function slowPost(url: string, body: object) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const req = request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
  });
  const answer = new Promise<{ status: number; connection?: string; body: string }>(
    (resolve, reject) => {
      req.once('response', (response) => {
        let data = '';
        response.on('data', (chunk: Buffer) => (data += chunk.toString()));
        response.once('end', () =>
          resolve({
            status: response.statusCode!,
            connection: response.headers.connection,
            body: data,
          }),
        );
      });
      req.once('error', reject);
    },
  );
  req.write(text.slice(0, half));
  return { finish: () => req.end(text.slice(half)), answer };
}

it('logs and echoes the trace id of a given traceparent, or of a new trace', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const answer = await fetch(`${api.url}/tools`, {
    headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'req-trace-1' },
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-trace-id')).toBe(traceId);
  expect(answer.headers.get('x-request-id')).toBe('req-trace-1');
  expect(answer.headers.get('traceresponse')).toMatch(
    new RegExp(`^00-${traceId}-(?!00f067aa0ba902b7)[0-9a-f]{16}-01$`),
  );
  const fresh = await fetch(`${api.url}/tools`, { headers: { 'x-request-id': 'req-trace-2' } });
  const freshTrace = fresh.headers.get('x-trace-id');
  expect(freshTrace).toMatch(/^[0-9a-f]{32}$/);

  // The lines arrive through the child's stdout: wait for them (a loaded machine delays them).
  const logged = () => logLines().filter((line) => line.msg === 'request');
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    if (logged().some((line) => line.reqId === 'req-trace-2')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const lines = logged();
  expect(lines.find((line) => line.reqId === 'req-trace-1')).toMatchObject({
    traceId,
    url: '/tools',
    status: 200,
  });
  expect(lines.find((line) => line.reqId === 'req-trace-2')).toMatchObject({
    traceId: freshTrace,
  });
});

it('logs a cached list answered before Fastify with the line Nest would log', async () => {
  const sent = (id: string, path: string) =>
    fetch(`${api.url}${path}`, { headers: { 'x-request-id': id } }).then(() => undefined);
  // The first read fills the catalog cache, the second is answered from it; a query goes to Nest.
  for (const [id, path] of [
    ['log-fill', '/reviews'],
    ['log-cached', '/reviews'],
    ['log-nest', '/reviews?limit=30'],
  ] as const)
    await sent(id, path);
  const lineOf = async (reqId: string) => {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const line = logLines().find((entry) => entry.reqId === reqId && entry.msg === 'request');
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no log line of ${reqId}`);
  };
  const [cached, nest] = [await lineOf('log-cached'), await lineOf('log-nest')];
  expect(Object.keys(cached)).toEqual(Object.keys(nest));
  const { time, reqId, traceId, spanId, url, ms, ...same } = cached;
  expect(same).toEqual({ level: 30, service: 'api', method: 'GET', status: 200, msg: 'request' });
  expect([typeof time, reqId, traceId, spanId, url, typeof ms]).toEqual([
    'number',
    'log-cached',
    expect.stringMatching(/^[0-9a-f]{32}$/),
    expect.stringMatching(/^[0-9a-f]{16}$/),
    '/reviews',
    'number',
  ]);
});

it('drains, answers the request in flight, then exits 0', async () => {
  const inFlight = slowPost(`${api.url}/suggestions`, {
    email: 'late@toolshop.test',
    opinion: 'Sent while the API shuts down',
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  api.child.kill('SIGTERM');
  const signalled = Date.now();

  // Not ready at once, yet still serving during the drain.
  let ready = 0;
  for (const deadline = Date.now() + 10_000; ready !== 503 && Date.now() < deadline;) {
    ready = (await fetch(`${api.url}/health/ready`)).status;
    if (ready !== 503) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(ready).toBe(503);
  const readyBody = await (await fetch(`${api.url}/health/ready`)).json();
  expect(readyBody).toEqual({
    statusCode: 503,
    message: 'The server is shutting down',
    error: 'Service Unavailable',
  });
  const during = await fetch(`${api.url}/health`);
  expect(during.status).toBe(200);
  expect(during.headers.get('connection')).toBe('close');
  // A cached list too: while draining it goes through Fastify's hooks.
  const cachedDuring = await fetch(`${api.url}/reviews`);
  expect(cachedDuring.status).toBe(200);
  expect(cachedDuring.headers.get('connection')).toBe('close');

  // Past the drain: the listener is closed, the request in flight still gets its answer.
  let refused = false;
  for (const deadline = Date.now() + 30_000; !refused && Date.now() < deadline;) {
    refused = await fetch(`${api.url}/health`).then(
      () => false,
      () => true,
    );
    if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(refused).toBe(true);
  expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000);
  inFlight.finish();
  const answer = await inFlight.answer;
  expect(answer.status).toBe(201);
  // Its connection is closed with it: the process need not wait for the client to let it go.
  expect(answer.connection).toBe('close');

  expect(await exited).toEqual({ code: 0, signal: null });

  const messages = logLines().map((line) => line.msg);
  expect(messages).toEqual(
    expect.arrayContaining([
      'SIGTERM: not ready; draining for 3000 ms, then closing',
      'closed: requests finished, timers stopped, database disconnected',
    ]),
  );
});
