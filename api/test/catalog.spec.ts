import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig } from '@nestjs/core';
import { ReviewsController } from '../src/reviews/reviews.controller';
import { SeedService } from '../src/seed/seed.service';
import { ToolsController } from '../src/tools/tools.controller';
import { TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ SEED: 'true', PUBLIC_URL: 'http://shop.test:5000' });
});
afterAll(() => api.stop());

describe('seed (embedded mode)', () => {
  it('fills empty collections with 9 tools and 6 reviews whose images the API serves', async () => {
    const tools = await api.request('GET', '/tools');
    expect(tools.body).toHaveLength(9);
    expect(tools.body[0]).toMatchObject({
      name: 'Cordless Drill Driver 18V',
      img: 'http://shop.test:5000/images/cordless-drill.webp',
    });
    for (const tool of tools.body) {
      expect(tool.minOrder).toBeLessThanOrEqual(tool.available);
      const image = await fetch(`${api.url}${new URL(tool.img).pathname}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await image.arrayBuffer()).byteLength).toBeLessThan(60_000);
    }
    expect((await api.request('GET', '/reviews')).body).toHaveLength(6);
  });

  it('gives the demo customer a saved list with the pack product and the tiered drill', async () => {
    const lists = await api.request('GET', '/savedLists', { token: api.tokens.customer });
    expect(lists.body).toHaveLength(1);
    expect(lists.body[0]).toMatchObject({ name: 'Monthly consumables' });
    const names = lists.body[0].lines.map((line: { name: string }) => line.name);
    expect(names).toEqual(
      expect.arrayContaining(['Jigsaw Blade Set T-Shank', 'Cordless Drill Driver 18V']),
    );
    // The seeded terms: every line can be ordered as saved.
    const check = await api.request('POST', '/quickOrders/check', {
      token: api.tokens.customer,
      body: {
        lines: lists.body[0].lines.map((line: { toolId: string; quantity: number }) => ({
          product: line.toolId,
          quantity: line.quantity,
        })),
      },
    });
    expect(check.body.orderable).toBe(true);
    const blades = check.body.lines.find(
      (line: { name: string }) => line.name === 'Jigsaw Blade Set T-Shank',
    );
    expect(blades).toMatchObject({ packSize: 5, minOrder: 10 });
    const drill = check.body.lines.find(
      (line: { name: string }) => line.name === 'Cordless Drill Driver 18V',
    );
    expect(drill).toMatchObject({ quantity: 50, unitPrice: 119 });
    expect((await api.request('GET', '/savedLists', { token: api.tokens.other })).body).toEqual([]);
  });

  it('does not seed again when the collections have data', async () => {
    await api.app.get(SeedService).onApplicationBootstrap();
    expect((await api.request('GET', '/tools')).body).toHaveLength(9);
    expect(
      (await api.request('GET', '/savedLists', { token: api.tokens.customer })).body,
    ).toHaveLength(1);
    expect((await api.request('GET', '/reviews')).body).toHaveLength(6);
  });
});

describe('tools', () => {
  it('lets an admin add, restock and delete a product', async () => {
    const body = {
      name: 'Bench Grinder',
      img: 'http://shop.test:5000/images/angle-grinder.webp',
      shortDescription: 'Twin 150 mm wheels',
      minOrder: 2,
      available: 40,
      price: 119,
    };
    const added = await api.request('POST', '/tools', { token: api.tokens.admin, body });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const id = added.body.insertedId;
    // Without a SKU in the body one is generated.
    expect((await api.request('GET', `/tools/${id}`)).body).toEqual({
      _id: id,
      ...body,
      sku: expect.stringMatching(/^BG-[0-9A-F]{6}$/),
    });
    expect((await api.request('GET', '/tools')).body[0]._id).toBe(id);

    expect(
      (
        await api.request('PUT', `/tools/${id}`, {
          token: api.tokens.admin,
          body: { available: 75 },
        })
      ).body,
    ).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await api.request('GET', `/tools/${id}`)).body.available).toBe(75);

    expect((await api.request('DELETE', `/tools/${id}`, { token: api.tokens.admin })).body).toEqual(
      { acknowledged: true, deletedCount: 1 },
    );
    expect((await api.request('GET', `/tools/${id}`)).status).toBe(404);
    expect((await api.request('DELETE', `/tools/${id}`, { token: api.tokens.admin })).status).toBe(
      404,
    );
  });

  it('pages on request with the total in X-Total-Count', async () => {
    const page = await api.request('GET', '/tools?limit=4&page=3');
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('x-total-count')).toBe('9');
  });

  it('answers catalog reads with an ETag and 304 when unchanged', async () => {
    const first = await api.request('GET', '/tools');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await fetch(`${api.url}/tools`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const reviews = await api.request('GET', '/reviews');
    const reviewsAgain = await fetch(`${api.url}/reviews`, {
      headers: { 'if-none-match': reviews.headers.get('etag')! },
    });
    expect(reviewsAgain.status).toBe(304);

    // A stock change makes a new ETag.
    const [tool] = first.body;
    await api.request('PUT', `/tools/${tool._id}`, {
      token: api.tokens.admin,
      body: { available: tool.available + 1 },
    });
    expect((await fetch(`${api.url}/tools`, { headers: { 'if-none-match': etag! } })).status).toBe(
      200,
    );
  });
});

describe('images', () => {
  it.each(['nope.webp', '..%2F..%2Fpackage.json', 'cordless-drill.png'])(
    'answers 404 for %s',
    async (file) => {
      const answer = await api.request('GET', `/images/${file}`);
      expect(answer.status).toBe(404);
    },
  );
});

describe('HTTP surface', () => {
  it('runs the catalog reads through no interceptor (their pipeline was a measurable share of a cached read)', () => {
    // Only the routes that need one have it (@Idempotent, @Audited, @RateLimit): none is global.
    expect(api.app.get(ApplicationConfig).getGlobalInterceptors()).toEqual([]);
    for (const handler of [
      ToolsController.prototype.list,
      ToolsController.prototype.get,
      ReviewsController.prototype.list,
    ])
      expect(Reflect.getMetadata(INTERCEPTORS_METADATA, handler)).toBeUndefined();
  });

  it('allows the shop’s origins and exposes the paging header', async () => {
    const preflight = await fetch(`${api.url}/adminOrders`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3003',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3003');
    // A preflight is answered after the security headers and ids are set, like any other request.
    expect(preflight.headers.get('x-content-type-options')).toBe('nosniff');
    expect(preflight.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const notPreflight = await api.request('OPTIONS', '/tools');
    expect(notPreflight.status).toBe(400);
    expect(Object.keys(notPreflight.body).sort()).toEqual(['error', 'message', 'statusCode']);
    const get = await fetch(`${api.url}/tools`, { headers: { origin: 'http://localhost:3000' } });
    expect(get.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    const foreign = await fetch(`${api.url}/tools`, { headers: { origin: 'http://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends security headers and a request id', async () => {
    const answer = await fetch(`${api.url}/health`, { headers: { 'x-request-id': 'trace-123' } });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-request-id')).toBe('trace-123');
    expect((await fetch(`${api.url}/health`)).headers.get('x-request-id')).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    const odd = await fetch(`${api.url}/health`, { headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with the error shape', async () => {
    const answer = await api.request('GET', '/nowhere');
    expect(answer.status).toBe(404);
    expect(Object.keys(answer.body).sort()).toEqual(['error', 'message', 'statusCode']);
  });

  it('documents every endpoint with its auth and error answers', async () => {
    const docs = await api.request('GET', '/docs-json');
    const paths = docs.body.paths as Record<
      string,
      Record<string, { security?: unknown; responses: Record<string, unknown> }>
    >;
    const expected: [string, string][] = [
      ['/reviews', 'get'],
      ['/reviews', 'post'],
      ['/userReviews', 'get'],
      ['/suggestions', 'post'],
      ['/tools', 'get'],
      ['/tools', 'post'],
      ['/tools/{id}', 'get'],
      ['/tools/{id}', 'put'],
      ['/tools/{id}', 'delete'],
      ['/orders', 'post'],
      ['/orders', 'get'],
      ['/orders/{id}', 'get'],
      ['/orders/{id}', 'delete'],
      ['/adminOrders', 'get'],
      ['/adminOrders/stats', 'get'],
      ['/adminOrders/{id}', 'patch'],
      ['/admin/{email}', 'get'],
      ['/user', 'get'],
      ['/user/admin/{email}', 'put'],
      ['/users', 'get'],
      ['/users', 'put'],
      ['/health', 'get'],
      ['/health/ready', 'get'],
    ];
    for (const [path, method] of expected) {
      const operation = paths[path]?.[method];
      expect(operation).toBeDefined();
      if (
        path.startsWith('/admin') ||
        path.startsWith('/user') ||
        path.startsWith('/orders') ||
        (method !== 'get' && path.startsWith('/tools')) ||
        (method === 'post' && path === '/reviews')
      ) {
        expect(operation!.security).toEqual([{ bearer: [] }]);
        expect(operation!.responses['401']).toBeDefined();
      }
    }
    const docsPage = await fetch(`${api.url}/docs`);
    expect(docsPage.status).toBe(200);
    // The one page may run its inline script; no JSON answer may run anything.
    expect(docsPage.headers.get('content-security-policy')).toContain("'unsafe-inline'");
    for (const path of ['/tools', '/docs-json', '/docsx', '/tools/not-an-id'])
      expect((await fetch(`${api.url}${path}`)).headers.get('content-security-policy')).toBe(
        "default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'",
      );
  });
});

describe('indexes', () => {
  it('exist for every list query', async () => {
    for (const model of Object.values(api.db.models)) await model.init();
    const keysOf = async (collection: string) =>
      (await api.db.collection(collection).indexes()).map((index) => JSON.stringify(index.key));
    // Newest first is the primary key's order; these serve the filters (query-plans.spec checks use).
    expect(await keysOf('orders')).toEqual(
      expect.arrayContaining(['{"email":1,"_id":-1}', '{"state":1,"_id":-1}', '{"createdAt":-1}']),
    );
    expect(await keysOf('reviews')).toEqual(
      expect.arrayContaining(['{"email":1,"_id":-1}', '{"hidden":1}', '{"toolId":1,"_id":-1}']),
    );
    const users = await api.db.collection('users').indexes();
    expect(users.find((index) => index.key.email === 1)?.unique).toBe(true);
  });
});
