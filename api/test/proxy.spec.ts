import { connect } from 'node:net';
import { awayFromWindowEnd } from './support/rate-limit-window';
import { TestApi } from './support/test-api';

/**
 * A production-like deployment: behind one reverse proxy (TRUST_PROXY=1), where only the hop that
 * proxy adds names the client, with images on a CDN (IMAGE_HOSTS).
 */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({
    TRUST_PROXY: '1',
    RATE_LIMIT_SUGGESTIONS: '2',
    RATE_LIMIT_WRITES: '2',
    IMAGE_HOSTS: 'cdn.toolshop.example',
    // Long enough that a slow answer on a loaded machine is never cut; the last test waits it out.
    REQUEST_TIMEOUT_MS: '5000',
  });
});
afterAll(() => api.stop());

const suggest = (forwardedFor: string) =>
  api.request('POST', '/suggestions', {
    body: { email: 'Sam', opinion: 'More blades' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

it('keys address limits on the address the trusted proxy saw, whatever the client forges before it', async () => {
  await awayFromWindowEnd();
  expect((await suggest('203.0.113.1, 198.51.100.7')).status).toBe(201);
  expect((await suggest('203.0.113.2, 198.51.100.7')).status).toBe(201);
  // A forged first entry does not make a new client: the proxy's entry is still 198.51.100.7.
  expect((await suggest('203.0.113.3, 198.51.100.7')).status).toBe(429);
  expect((await suggest('203.0.113.3, 198.51.100.8')).status).toBe(201);
});

it('counts writes per account too, across addresses', async () => {
  await awayFromWindowEnd();
  const review = (token: string, address: string) =>
    api.request('POST', '/reviews', {
      token,
      body: { rating: 4, opinion: 'Solid' },
      headers: { 'x-forwarded-for': address },
    });
  expect((await review(api.tokens.customer, '192.0.2.1')).status).toBe(201);
  expect((await review(api.tokens.customer, '192.0.2.2')).status).toBe(201);
  const third = await review(api.tokens.customer, '192.0.2.3');
  expect(third.status).toBe(429);
  expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
  expect((await review(api.tokens.other, '192.0.2.4')).status).toBe(201);
});

it('accepts https images on IMAGE_HOSTS', async () => {
  const tool = {
    name: 'Hosted Saw',
    shortDescription: 'Cuts',
    minOrder: 1,
    available: 10,
    price: 10,
  };
  const add = (img: string) =>
    api.request('POST', '/tools', {
      token: api.tokens.admin,
      body: { ...tool, img },
      headers: { 'x-forwarded-for': `192.0.2.${img.length}` },
    });
  expect((await add('https://cdn.toolshop.example/saw.webp')).status).toBe(201);
  expect((await add('http://cdn.toolshop.example/saw.webp')).status).toBe(400);
});

it('cuts off a client that never finishes its request (REQUEST_TIMEOUT_MS)', async () => {
  const { hostname, port } = new URL(api.url);
  const socket = connect(Number(port), hostname);
  socket.write('GET /health HTTP/1.1\r\nHost: shop\r\n');
  const started = Date.now();
  const answer = await new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
  });
  // Closed (with or without a 408 first) after about five seconds, not Node's default minute.
  expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
  expect(Date.now() - started).toBeLessThan(30_000);
}, 45_000);
