import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ApiMetrics } from '../src/observability/api-metrics';
import { ReviewsService } from '../src/reviews/reviews.service';
import { ToolsService } from '../src/tools/tools.service';
import { TestApi } from './support/test-api';

/**
 * GET /tools and GET /reviews answered from the catalog cache before Nest (common/cached-lists.ts)
 * answer what Nest answers: the same API on the same database with the cache off is the reference.
 */
let cached: TestApi;
let reference: TestApi;
beforeAll(async () => {
  const shared = { SEED: 'true', MONGODB_DB: `toolshop_test_${randomBytes(4).toString('hex')}` };
  cached = await TestApi.start(shared);
  reference = await TestApi.start({ ...shared, CATALOG_CACHE_MS: '0' });
});
afterAll(async () => {
  await cached?.stop();
  await reference?.stop();
});

const VARYING = new Set(['date', 'x-request-id', 'x-trace-id', 'traceresponse', 'keep-alive']);

async function answer(api: TestApi, path: string, init: RequestInit = {}) {
  const response = await fetch(`${api.url}${path}`, init);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !VARYING.has(name)));
  return { status: response.status, headers, body: await response.text() };
}

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const given = {
  'x-request-id': 'same-id',
  traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
  origin: 'http://localhost:3000',
};

/** An answer as sent: its fields in order as "name: value" (date and span id masked), its bytes. */
function rawAnswer(api: TestApi, path: string, headers: Record<string, string>) {
  return new Promise<{ fields: string[]; body: Buffer }>((resolve, reject) =>
    get(`${api.url}${path}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        // The span id in traceresponse and the date are new on each answer.
        const fields = raw.flatMap((value, i) =>
          i % 2 ? [] : [`${value}: ${/^(date|traceresponse)$/i.test(value) ? '*' : raw[i + 1]}`],
        );
        resolve({ fields, body: Buffer.concat(chunks) });
      });
    }).once('error', reject),
  );
}

/** A request to both APIs (init per API: each has its own token issuer), the cached one's list filled. */
async function both(path: string, init: RequestInit | ((api: TestApi) => RequestInit) = {}) {
  const initFor = typeof init === 'function' ? init : () => init;
  await fetch(`${cached.url}${path}`);
  const list = jest.spyOn(
    path.startsWith('/tools') ? cached.app.get(ToolsService) : cached.app.get(ReviewsService),
    'list',
  );
  try {
    const fast = await answer(cached, path, initFor(cached));
    const throughNest = list.mock.calls.length;
    return { fast, nest: await answer(reference, path, initFor(reference)), throughNest };
  } finally {
    list.mockRestore();
  }
}

// Each cached URL, its route, a query Nest answers the same list to (not the cache), a bad one.
describe.each([
  { path: '/tools', route: '/tools', other: '/tools?limit=2', bad: '/tools?limit=0' },
  { path: '/reviews', route: '/reviews', other: '/reviews?limit=2', bad: '/reviews?limit=0' },
  // The home page's first reviews, with their total.
  {
    path: '/reviews?limit=6&page=1',
    route: '/reviews',
    other: '/reviews?page=1&limit=6',
    bad: '/reviews?limit=6&page=0',
  },
])('GET $path from the cache', ({ path, route, other, bad }) => {
  it('answers the status, body and headers Nest answers, without Nest', async () => {
    const { fast, nest, throughNest } = await both(path, {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(throughNest).toBe(0);
    expect(fast).toEqual(nest);
    expect(fast.status).toBe(200);
    if (path.includes('page=')) expect(fast.headers['x-total-count']).toMatch(/^[1-9]\d*$/);
    else expect(fast.headers['x-total-count']).toBeUndefined();
    expect(fast.headers).toMatchObject({
      etag: expect.stringMatching(/^W\//),
      'cache-control': 'public, no-cache',
      'content-security-policy': expect.any(String),
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': 'http://localhost:3000',
    });
  });

  /** The raw answer of the cached API (its list filled, Nest not called) and the reference's. */
  async function fastAndNest(headers: Record<string, string>) {
    await rawAnswer(cached, path, headers);
    const list = jest.spyOn(
      route === '/tools' ? cached.app.get(ToolsService) : cached.app.get(ReviewsService),
      'list',
    );
    try {
      const fast = await rawAnswer(cached, path, headers);
      expect(list).not.toHaveBeenCalled();
      return { fast, nest: await rawAnswer(reference, path, headers) };
    } finally {
      list.mockRestore();
    }
  }

  it('sends the same header fields in the same order, ids and trace as Nest does', async () => {
    const { fast, nest } = await fastAndNest(given);
    expect(fast.fields).toEqual(nest.fields);
    expect(fast.fields).toEqual(
      expect.arrayContaining(['x-request-id: same-id', `x-trace-id: ${traceId}`]),
    );
  });

  it.each(['br', 'gzip', 'gzip;q=1, br;q=0', 'identity'])(
    'codes the list for Accept-Encoding %p as Nest does, the same JSON in every coding',
    async (acceptEncoding) => {
      const { fast, nest } = await fastAndNest({ ...given, 'accept-encoding': acceptEncoding });
      expect(fast.fields).toEqual(nest.fields);
      expect(fast.body.equals(nest.body)).toBe(true);
      const plain = (await answer(reference, path, { headers: { 'accept-encoding': 'identity' } }))
        .body;
      const coding = fast.fields.find((field) => field.startsWith('content-encoding: '))?.slice(18);
      const expected =
        Buffer.byteLength(plain) < 1024 || acceptEncoding === 'identity'
          ? undefined
          : acceptEncoding === 'br'
            ? 'br'
            : 'gzip';
      expect(coding).toBe(expected);
      // The seeded tools are a list worth coding; the home page's six reviews are not.
      if (path === '/tools' && acceptEncoding !== 'identity') expect(coding).toBeDefined();
      const decoded =
        coding === 'br'
          ? brotliDecompressSync(fast.body)
          : coding === 'gzip'
            ? gunzipSync(fast.body)
            : fast.body;
      expect(decoded.toString()).toBe(plain);
      expect(fast.fields).toContain('vary: Origin, Accept-Encoding');
    },
  );

  it('answers 304 to a matching If-None-Match as Nest does', async () => {
    const etag = (await answer(reference, path)).headers.etag!;
    const { fast, nest, throughNest } = await both(path, { headers: { 'if-none-match': etag } });
    expect(throughNest).toBe(0);
    expect(fast.status).toBe(304);
    expect(fast).toEqual(nest);
  });

  it('refuses a foreign origin and answers preflights as Nest does', async () => {
    const foreign = await both(path, { headers: { origin: 'http://evil.example' } });
    expect(foreign.fast).toEqual(foreign.nest);
    expect(foreign.fast.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await both(path, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(preflight.fast.status).toBe(204);
    expect(preflight.fast).toEqual(preflight.nest);
  });

  it('counts the request in the metrics', async () => {
    await fetch(`${cached.url}${path}`);
    const finished = jest.spyOn(cached.app.get(ApiMetrics), 'requestFinished');
    try {
      await fetch(`${cached.url}${path}`);
      expect(finished).toHaveBeenCalledWith('GET', route, 200, expect.any(Number));
    } finally {
      finished.mockRestore();
    }
  });

  it.each([
    ['another query', other, {}],
    [
      'a token',
      path,
      (api: TestApi) => ({ headers: { authorization: `Bearer ${api.tokens.customer}` } }),
    ],
    ['HEAD', path, { method: 'HEAD' }],
  ])('leaves a request with %s to Nest', async (_case, url, init) => {
    const { fast, nest, throughNest } = await both(url, init);
    expect(throughNest).toBe(1);
    expect(fast).toEqual(nest);
  });

  it('still refuses a bad query with 400 through Nest', async () => {
    const { fast, nest } = await both(bad);
    expect(fast.status).toBe(400);
    expect(fast).toEqual(nest);
  });
});

it('knows every hook a cached list passes by in Fastify', () => {
  // answerCachedLists does what these do for a plain GET: Nest's six onRequest hooks and middie
  // have nothing to do in this API (no hook, CORS, security hook, versioning or middleware of
  // Nest's; its 503 is off), then request ids, security headers, CORS; a body check (no body);
  // ETag and coding; the log line and metrics, and Nest's idle onResponse hook. A hook added here
  // changes this list: make the shortcut do what it does, or stop answering before Fastify.
  const routes = cached.app
    .getHttpAdapter()
    .getInstance()
    .printRoutes({ includeHooks: true, commonPrefix: false, method: 'GET' })
    .split('\n');
  for (const path of ['/tools', '/reviews']) {
    const at = routes.findIndex((line) => line.endsWith(`── ${path} (GET)`));
    const hooks = routes.slice(at + 1, at + 5).map((line) => line.replace(/^[│\s]+• /, ''));
    expect(hooks).toEqual([
      `(onRequest) [${[...Array(6).fill('"anonymous()"'), '"runMiddie()"', ...Array(3).fill('"anonymous()"')].join(',')}]`,
      '(preValidation) ["anonymous()"]',
      // the ETag and the coding of answers not coded yet (a snapshot comes coded)
      '(onSend) ["anonymous()","anonymous()"]',
      '(onResponse) ["anonymous()","anonymous()"]',
    ]);
  }
});

it('goes through Nest while the cache holds no fresh list', async () => {
  const tools = cached.app.get(ToolsService);
  await fetch(`${cached.url}/tools`);
  const toolId = (await cached.request('GET', '/tools')).body[0]._id as string;
  await tools.restock(toolId, 500);
  const list = jest.spyOn(tools, 'list');
  try {
    const after = await cached.request('GET', '/tools');
    expect(list).toHaveBeenCalledTimes(1);
    expect(after.body.find((tool: { _id: string }) => tool._id === toolId).available).toBe(500);
  } finally {
    list.mockRestore();
  }
});
