import { ApiMessages, TOTAL_COUNT_HEADER } from '@toolshop/contracts';
import { ADMIN, CUSTOMER, OTHER, TestApi } from './support/test-api';

/** Trust: "Verified buyer" reviews, hidden reviews, and the audit log of admin actions. */
let api: TestApi;
beforeAll(async () => {
  // No list cache: each read sees the last write (the cache itself is tested in catalog.spec).
  api = await TestApi.start({ CATALOG_CACHE_MS: '0' });
  for (const token of Object.values(api.tokens)) await api.request('GET', '/health', { token });
});
afterAll(() => api.stop());

const asAdmin = () => ({ token: api.tokens.admin });

async function review(token: string, opinion: string): Promise<string> {
  const answer = await api.request('POST', '/reviews', { token, body: { opinion, rating: 5 } });
  expect(answer.status).toBe(201);
  return answer.body.insertedId as string;
}

async function auditLog() {
  const answer = await api.request('GET', '/audit?limit=50&page=1', asAdmin());
  expect(answer.status).toBe(200);
  return answer.body as { actor: string; action: string; targetId: string; details?: object }[];
}

describe('Verified buyer', () => {
  it('marks the reviews of customers with a paid order, also when they paid after reviewing', async () => {
    const mine = await review(api.tokens.customer, 'Bought it, love it');
    const theirs = await review(api.tokens.other, 'Never bought anything');
    const verified = async () => {
      const list = (await api.request('GET', '/reviews')).body as Record<string, unknown>[];
      expect(list.every((entry) => !('email' in entry))).toBe(true);
      return Object.fromEntries(list.map((entry) => [entry._id, entry.verifiedBuyer]));
    };
    expect(await verified()).toMatchObject({ [mine]: false, [theirs]: false });

    const order = await api.placeOrder(await api.insertTool());
    expect(await verified()).toMatchObject({ [mine]: false }); // unpaid is not bought
    await api.markPaid(order);
    expect(await verified()).toMatchObject({ [mine]: true, [theirs]: false });

    const own = await api.request('GET', `/userReviews?email=${CUSTOMER}`, {
      token: api.tokens.customer,
    });
    expect(own.body.find((entry: { _id: string }) => entry._id === mine)).toMatchObject({
      verifiedBuyer: true,
      hidden: false,
    });
  });
});

describe('hiding a review', () => {
  it('takes it out of the public list; its author still sees it, marked hidden; unhide brings it back', async () => {
    const id = await review(api.tokens.other, 'Rude words here');
    const publicIds = async () =>
      ((await api.request('GET', '/reviews')).body as { _id: string }[]).map((entry) => entry._id);
    const before = await api.request('GET', '/reviews?limit=100&page=1');
    expect(await publicIds()).toContain(id);

    const hide = await api.request('PATCH', `/reviews/${id}`, {
      ...asAdmin(),
      body: { hidden: true },
    });
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await publicIds()).not.toContain(id);
    const after = await api.request('GET', '/reviews?limit=100&page=1');
    expect(Number(after.headers.get(TOTAL_COUNT_HEADER))).toBe(
      Number(before.headers.get(TOTAL_COUNT_HEADER)) - 1,
    );

    const own = await api.request('GET', `/userReviews?email=${OTHER}`, {
      token: api.tokens.other,
    });
    expect(own.body.find((entry: { _id: string }) => entry._id === id)).toMatchObject({
      hidden: true,
    });
    const all = await api.request('GET', '/adminReviews?limit=100&page=1', asAdmin());
    expect(all.body.find((entry: { _id: string }) => entry._id === id)).toMatchObject({
      hidden: true,
      email: OTHER,
    });
    expect(Number(all.headers.get(TOTAL_COUNT_HEADER))).toBe(all.body.length);

    await api.request('PATCH', `/reviews/${id}`, { ...asAdmin(), body: { hidden: false } });
    expect(await publicIds()).toContain(id);
  });

  it('pages the admin list newest first with the total', async () => {
    await review(api.tokens.customer, 'older');
    const newest = await review(api.tokens.customer, 'newest');
    const page = await api.request('GET', '/adminReviews?limit=1&page=1', asAdmin());
    expect(page.body).toHaveLength(1);
    expect(page.body[0]._id).toBe(newest);
    expect(Number(page.headers.get(TOTAL_COUNT_HEADER))).toBeGreaterThan(1);
    const second = await api.request('GET', '/adminReviews?limit=1&page=2', asAdmin());
    expect(second.body[0].opinion).toBe('older');
  });

  it('answers unknown ids 404 and bad bodies 400, with a message', async () => {
    const id = await review(api.tokens.customer, 'Solid');
    const unknown = await api.request('PATCH', '/reviews/6651f0c2a1b2c3d4e5f60718', {
      ...asAdmin(),
      body: { hidden: true },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ApiMessages.reviewNotFound);
    for (const body of [{}, { hidden: 'yes' }, { hidden: 1 }, { hidden: true, opinion: 'x' }]) {
      const answer = await api.request('PATCH', `/reviews/${id}`, { ...asAdmin(), body });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(
      (await api.request('PATCH', '/reviews/nope', { ...asAdmin(), body: { hidden: true } }))
        .status,
    ).toBe(400);
    expect((await api.request('GET', '/adminReviews?limit=0', asAdmin())).status).toBe(400);
  });
});

describe('audit log', () => {
  it('records every admin action with who, what and the details, newest first', async () => {
    const created = await api.request('POST', '/tools', {
      ...asAdmin(),
      body: {
        name: 'Audit Saw',
        img: 'http://localhost:5000/images/angle-grinder.webp',
        shortDescription: 'Cuts',
        minOrder: 1,
        available: 10,
        price: 30,
      },
    });
    const toolId = created.body.insertedId as string;
    await api.request('PUT', `/tools/${toolId}`, { ...asAdmin(), body: { available: 40 } });
    const paid = await api.placeOrder(toolId);
    await api.markPaid(paid);
    await api.request('PATCH', `/adminOrders/${paid}`, { ...asAdmin(), body: {} });
    const unpaid = await api.placeOrder(toolId);
    expect((await api.request('DELETE', `/orders/${unpaid}`, asAdmin())).status).toBe(200);
    const reviewId = await review(api.tokens.customer, 'To hide');
    await api.request('PATCH', `/reviews/${reviewId}`, { ...asAdmin(), body: { hidden: true } });
    await api.request('PATCH', `/reviews/${reviewId}`, { ...asAdmin(), body: { hidden: false } });
    const target = 'newadmin@toolshop.test';
    // A record exists once the user has signed in (as in access.spec).
    const targetToken = api.issuer.token({ email: target });
    await api.request('GET', '/health', { token: targetToken });
    await api.request('GET', `/admin/${target}`, { token: targetToken });
    expect((await api.request('PUT', `/user/admin/${target}`, asAdmin())).status).toBe(200);
    await api.request('DELETE', `/tools/${toolId}`, asAdmin());

    const entries = (await auditLog()).slice(0, 8).reverse();
    expect(entries.map((entry) => entry.action)).toEqual([
      'product.add',
      'product.restock',
      'order.approve',
      'order.cancel',
      'review.hide',
      'review.unhide',
      'user.makeAdmin',
      'product.delete',
    ]);
    expect(entries.every((entry) => entry.actor === ADMIN)).toBe(true);
    expect(entries[0]).toMatchObject({ targetId: toolId, targetName: 'Audit Saw' });
    expect(entries[1]).toMatchObject({ targetId: toolId, details: { available: 40 } });
    expect(entries[2]).toMatchObject({ targetId: paid });
    expect(entries[3]).toMatchObject({ targetId: unpaid });
    expect(entries[4]).toMatchObject({ targetId: reviewId });
    expect(entries[6]).toMatchObject({ targetId: target });
    expect(entries[7]).toMatchObject({ targetId: toolId });
  });

  it('records a retried call (same Idempotency-Key) once: the retry replays the first answer', async () => {
    const reviewId = await review(api.tokens.customer, 'Retried hide');
    const before = Number(
      (await api.request('GET', '/audit?limit=1&page=1', asAdmin())).headers.get(
        TOTAL_COUNT_HEADER,
      ),
    );
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await api.request('PATCH', `/reviews/${reviewId}`, {
        ...asAdmin(),
        body: { hidden: true },
        headers: { 'idempotency-key': `hide-${reviewId}` },
      });
      expect(answer.status).toBe(200);
    }
    const after = await api.request('GET', '/audit?limit=1&page=1', asAdmin());
    expect(Number(after.headers.get(TOTAL_COUNT_HEADER))).toBe(before + 1);
    expect(after.body[0]).toMatchObject({ action: 'review.hide', targetId: reviewId });
  });

  it('records nothing for a refused or failed call, nor for a customer cancelling their own order', async () => {
    const before = await api.request('GET', '/audit?limit=1&page=1', asAdmin());
    const total = Number(before.headers.get(TOTAL_COUNT_HEADER));
    const toolId = await api.insertTool();
    await api.request('PUT', `/tools/${toolId}`, {
      token: api.tokens.customer,
      body: { available: 1 },
    });
    await api.request('PUT', `/tools/${toolId}`, { ...asAdmin(), body: { available: -1 } });
    await api.request('PUT', '/tools/6651f0c2a1b2c3d4e5f60718', {
      ...asAdmin(),
      body: { available: 3 },
    });
    await api.request('PATCH', '/reviews/6651f0c2a1b2c3d4e5f60718', {
      ...asAdmin(),
      body: { hidden: true },
    });
    const own = await api.placeOrder(toolId);
    expect(
      (await api.request('DELETE', `/orders/${own}`, { token: api.tokens.customer })).status,
    ).toBe(200);
    const after = await api.request('GET', '/audit?limit=1&page=1', asAdmin());
    expect(Number(after.headers.get(TOTAL_COUNT_HEADER))).toBe(total);
    expect((await api.request('GET', '/audit?page=0', asAdmin())).status).toBe(400);
  });
});
