import { TestApi } from './support/test-api';

const TOKEN = 'scrape-token-0123456789';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ METRICS_TOKEN: TOKEN });
});
afterAll(() => api.stop());

const scrape = async (token = TOKEN) => {
  const answer = await api.request('GET', '/metrics', {
    headers: { authorization: `Bearer ${token}` },
  });
  return { ...answer, text: String(answer.body) };
};

/** The value of one sample line, e.g. `toolshop_orders_total{event="placed"}`. */
const sample = (text: string, series: string): number => {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

it('requires the metrics token', async () => {
  expect((await api.request('GET', '/metrics')).status).toBe(401);
  const wrong = await scrape('scrape-token-wrong-value');
  expect(wrong.status).toBe(401);
  expect(wrong.body).toEqual({
    statusCode: 401,
    message: 'A valid metrics token is required',
    error: 'Unauthorized',
  });
  // A user's access token is no metrics token, not even an admin's.
  expect((await api.request('GET', '/metrics', { token: api.tokens.admin })).status).toBe(401);
  const ok = await scrape();
  expect(ok.status).toBe(200);
  expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
});

it('measures requests per route template and status class, not per raw URL', async () => {
  const tool = await api.insertTool();
  await api.request('GET', `/tools/${tool}`);
  await api.request('GET', '/tools/0123456789abcdef01234567');
  await api.request('GET', '/no/such/route/42');
  const { text } = await scrape();
  expect(
    sample(
      text,
      'http_server_request_duration_seconds_count{method="GET",route="/tools/:id",status_class="2xx"}',
    ),
  ).toBe(1);
  expect(
    sample(
      text,
      'http_server_request_duration_seconds_count{method="GET",route="/tools/:id",status_class="4xx"}',
    ),
  ).toBe(1);
  expect(text).toContain('route="unmatched",status_class="4xx"');
  expect(text).not.toContain(tool);
  expect(text).not.toContain('/no/such/route');
  expect(text).toContain('le="0.005"');
});

it('counts orders, the database pool and the process', async () => {
  const before = sample((await scrape()).text, 'toolshop_orders_total{event="placed"}');
  const tool = await api.insertTool({ available: 5 });
  const order = await api.placeOrder(tool);
  await api.placeOrder(tool);
  await api.request('DELETE', `/orders/${order}`, { token: api.tokens.customer });
  const { text } = await scrape();
  expect(sample(text, 'toolshop_orders_total{event="placed"}')).toBe(before + 2);
  expect(sample(text, 'toolshop_orders_total{event="cancelled"}')).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'mongodb_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
  expect(text).toContain('mongodb_pool_connections{state="in_use"}');
  expect(text).toContain('process_cpu_user_seconds_total');
  expect(text).toContain('nodejs_eventloop_lag_seconds');
});

it('counts a quick order as a placed order', async () => {
  const before = sample((await scrape()).text, 'toolshop_orders_total{event="placed"}');
  const drill = await api.insertTool({ name: 'Quick Drill', available: 5 });
  const saw = await api.insertTool({ name: 'Quick Saw', available: 5 });
  const placed = await api.request('POST', '/quickOrders', {
    token: api.tokens.customer,
    body: {
      lines: [
        { toolId: drill, quantity: 1 },
        { toolId: saw, quantity: 2 },
      ],
      address: '1 Main St',
      phone: '555-0100',
    },
  });
  expect(placed.status).toBe(201);
  const { text } = await scrape();
  expect(sample(text, 'toolshop_orders_total{event="placed"}')).toBe(before + 1);
});

it('is off in production unless a token is configured', async () => {
  const production = await TestApi.start({
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:1',
    PAYMENTS_PROVIDER: 'test',
  });
  try {
    expect((await production.request('GET', '/metrics')).status).toBe(404);
  } finally {
    await production.stop();
  }
});
