// Every admin change in the audit log as before → after, nothing for a no-op.
import { TOTAL_COUNT_HEADER, type AuditEntry } from '@toolshop/contracts';
import sharp from 'sharp';
import { TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => (api = await TestApi.start()));
afterAll(() => api.stop());

/** The admin's request options. */
const asAdmin = () => ({ token: api.tokens.admin });

type Entry = AuditEntry;

async function total(): Promise<number> {
  const answer = await api.request('GET', '/audit?limit=1&page=1', asAdmin());
  return Number(answer.headers.get(TOTAL_COUNT_HEADER));
}

/** The entries written since `since` entries were in the log, oldest first. */
async function entriesSince(since: number): Promise<Entry[]> {
  const answer = await api.request('GET', '/audit?limit=50&page=1', asAdmin());
  expect(answer.status).toBe(200);
  const count = Number(answer.headers.get(TOTAL_COUNT_HEADER)) - since;
  return (answer.body as Entry[]).slice(0, count).reverse();
}

/** Runs `act` and answers the entries it wrote. */
async function logged(act: () => Promise<unknown>): Promise<Entry[]> {
  const since = await total();
  await act();
  return entriesSince(since);
}

const edit = (id: string, body: object) =>
  api.request('PATCH', `/tools/${id}`, { ...asAdmin(), body });

describe('product edits', () => {
  it('records the old and new terms, price tiers included', async () => {
    const id = await api.insertTool({ price: 30, minOrder: 1, available: 500 });
    const entries = await logged(async () => {
      const answer = await edit(id, {
        price: 28,
        priceTiers: [
          { minQuantity: 10, price: 25 },
          { minQuantity: 50, price: 22 },
        ],
      });
      expect(answer.status).toBe(200);
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'product.edit',
      targetId: id,
      before: { price: 30, priceTiers: [] },
      after: {
        price: 28,
        priceTiers: [
          { minQuantity: 10, price: 25 },
          { minQuantity: 50, price: 22 },
        ],
      },
      details: {
        price: 28,
        priceTiers: [
          { minQuantity: 10, price: 25 },
          { minQuantity: 50, price: 22 },
        ],
      },
    });
    // Only what changed: the minimum order and the pack size were left as they were.
    expect(Object.keys(entries[0]!.before!).sort()).toEqual(['price', 'priceTiers']);

    const second = await logged(() => edit(id, { priceTiers: [{ minQuantity: 10, price: 24 }] }));
    expect(second).toMatchObject([
      {
        before: {
          priceTiers: [
            { minQuantity: 10, price: 25 },
            { minQuantity: 50, price: 22 },
          ],
        },
        after: { priceTiers: [{ minQuantity: 10, price: 24 }] },
      },
    ]);
  });

  it('edits name, description, picture and category, logged as before → after with the name', async () => {
    const id = await api.insertTool({ name: 'Old Name Drill', price: 30 });
    const entries = await logged(async () => {
      const answer = await edit(id, {
        name: 'New Name Drill',
        shortDescription: 'Now with two batteries',
        img: '/images/angle-grinder.webp',
        category: 'Drills',
      });
      expect(answer.status).toBe(200);
    });
    const tool = (await api.request('GET', `/tools/${id}`)).body as Record<string, unknown>;
    expect(tool).toMatchObject({
      name: 'New Name Drill',
      shortDescription: 'Now with two batteries',
      img: expect.stringMatching(/\/images\/angle-grinder\.webp$/),
      category: 'Drills',
      price: 30,
    });
    expect(entries).toMatchObject([
      {
        action: 'product.edit',
        targetId: id,
        targetName: 'New Name Drill',
        before: {
          name: 'Old Name Drill',
          shortDescription: 'A drill for tests',
          category: 'Other',
        },
        after: {
          name: 'New Name Drill',
          shortDescription: 'Now with two batteries',
          category: 'Drills',
        },
      },
    ]);
    expect(Object.keys(entries[0]!.before!).sort()).toEqual([
      'category',
      'img',
      'name',
      'shortDescription',
    ]);

    // null takes the category away again: the product is listed as "Other".
    const cleared = await logged(() => edit(id, { category: null }));
    expect(cleared).toMatchObject([
      { before: { category: 'Drills' }, after: { category: 'Other' } },
    ]);
    const again = (await api.request('GET', `/tools/${id}`)).body as Record<string, unknown>;
    expect(again).not.toHaveProperty('category');
  });

  it('refuses a bad name, description, picture or category with 400 and changes nothing', async () => {
    const id = await api.insertTool({ name: 'Kept Drill' });
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 42 },
      { name: 'x'.repeat(5000) },
      { shortDescription: '' },
      { img: 'javascript:alert(1)' },
      { img: 'https://tracker.example/pixel.gif' },
      { category: 'Hammers' },
      { category: 7 },
      { sku: 'not a sku' },
      { colour: 'red' },
    ]) {
      const answer = await edit(id, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(typeof answer.body.message === 'string' || Array.isArray(answer.body.message)).toBe(
        true,
      );
    }
    const tool = (await api.request('GET', `/tools/${id}`)).body as Record<string, unknown>;
    expect(tool.name).toBe('Kept Drill');
  });

  it('names the product on restock and delete entries (not only its id)', async () => {
    const id = await api.insertTool({ name: 'Named Sander', available: 5 });
    const entries = await logged(async () => {
      await api.request('PUT', `/tools/${id}`, { ...asAdmin(), body: { available: 9 } });
      await api.request('DELETE', `/tools/${id}`, asAdmin());
    });
    expect(entries).toMatchObject([
      { action: 'product.restock', targetId: id, targetName: 'Named Sander' },
      { action: 'product.delete', targetId: id, targetName: 'Named Sander' },
    ]);
  });

  it('records nothing for an edit or a restock that changes nothing', async () => {
    const id = await api.insertTool({ price: 30, minOrder: 2, available: 40 });
    const entries = await logged(async () => {
      expect((await edit(id, { price: 30, minOrder: 2 })).status).toBe(200);
      expect((await edit(id, { packSize: 1, priceTiers: [] })).status).toBe(200);
      const restock = await api.request('PUT', `/tools/${id}`, {
        ...asAdmin(),
        body: { available: 40 },
      });
      expect(restock.status).toBe(200);
    });
    expect(entries).toEqual([]);
  });

  it('records a restock with the stock it replaced', async () => {
    const id = await api.insertTool({ available: 7 });
    const entries = await logged(() =>
      api.request('PUT', `/tools/${id}`, { ...asAdmin(), body: { available: 40 } }),
    );
    expect(entries).toMatchObject([
      {
        action: 'product.restock',
        targetId: id,
        details: { available: 40 },
        before: { available: 7 },
        after: { available: 40 },
      },
    ]);
  });

  it('records a new product with its picture link', async () => {
    const entries = await logged(() =>
      api.request('POST', '/tools', {
        ...asAdmin(),
        body: {
          name: 'Logged Saw',
          img: '/images/angle-grinder.webp',
          shortDescription: 'Cuts',
          minOrder: 1,
          available: 10,
          price: 30,
        },
      }),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'product.add',
      targetName: 'Logged Saw',
      after: {
        name: 'Logged Saw',
        img: expect.stringMatching(/^http:\/\/[^/]+\/images\/angle-grinder\.webp$/),
        price: 30,
      },
    });
    expect(entries[0]!.before).toBeUndefined();
    // The product's name, picture and terms, not its texts.
    expect(entries[0]!.after).not.toHaveProperty('shortDescription');
  });
});

describe('uploads, approvals and roles', () => {
  it('records an uploaded picture', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .png()
      .toBuffer();
    let id = '';
    const entries = await logged(async () => {
      const answer = await fetch(`${api.url}/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.tokens.admin}`, 'content-type': 'image/png' },
        body: png,
      });
      expect(answer.status).toBe(201);
      id = ((await answer.json()) as { id: string }).id;
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'image.upload',
      targetId: id,
      after: { width: 40, height: 30, widths: [40] },
    });
    expect(String(entries[0]!.after!.url)).toContain(`/images/${id}/40.webp`);
  });

  it('records an approval with its carrier and tracking number, and nothing for a refused repeat', async () => {
    const order = await api.placeOrder(await api.insertTool());
    await api.markPaid(order);
    const approve = () =>
      api.request('PATCH', `/adminOrders/${order}`, {
        ...asAdmin(),
        body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      });
    const entries = await logged(async () => {
      expect((await approve()).status).toBe(200);
      expect((await approve()).status).toBe(409);
    });
    expect(entries).toMatchObject([
      {
        action: 'order.approve',
        targetId: order,
        // Named by what and whom it is for, not only by its id.
        targetName: expect.stringMatching(/^1 × .+ for customer@toolshop\.test$/),
        before: { shipped: false },
        after: { shipped: true, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      },
    ]);
  });

  it('names a cancelled order by product and customer, and logs nothing for a customer’s own cancel', async () => {
    const tool = await api.insertTool({ name: 'Cancelled Planer' });
    const byAdmin = await api.placeOrder(tool, api.tokens.customer, 2);
    const byOwner = await api.placeOrder(tool, api.tokens.customer, 1);
    const entries = await logged(async () => {
      expect((await api.request('DELETE', `/orders/${byAdmin}`, asAdmin())).status).toBe(200);
      const own = await api.request('DELETE', `/orders/${byOwner}`, {
        token: api.tokens.customer,
      });
      expect(own.status).toBe(200);
    });
    expect(entries).toMatchObject([
      {
        action: 'order.cancel',
        targetId: byAdmin,
        targetName: '2 × Cancelled Planer for customer@toolshop.test',
        before: { state: 'unpaid' },
        after: { state: 'cancelled' },
      },
    ]);
  });

  it('records a role change from none to admin, and nothing when the user already is one', async () => {
    const email = 'promoted@toolshop.test';
    const token = api.issuer.token({ email });
    await api.request('GET', '/health', { token });
    await api.request('GET', `/admin/${email}`, { token });
    const entries = await logged(async () => {
      expect((await api.request('PUT', `/user/admin/${email}`, asAdmin())).status).toBe(200);
      expect((await api.request('PUT', `/user/admin/${email}`, asAdmin())).status).toBe(200);
    });
    expect(entries).toMatchObject([
      {
        action: 'user.makeAdmin',
        targetId: email,
        before: { role: null },
        after: { role: 'admin' },
      },
    ]);
  });

  it('records hiding a review once, with its visibility before and after', async () => {
    const created = await api.request('POST', '/reviews', {
      token: api.tokens.customer,
      body: { opinion: 'Hide me', rating: 4 },
    });
    const id = created.body.insertedId as string;
    const hide = () =>
      api.request('PATCH', `/reviews/${id}`, { ...asAdmin(), body: { hidden: true } });
    const entries = await logged(async () => {
      expect((await hide()).status).toBe(200);
      expect((await hide()).status).toBe(200);
    });
    expect(entries).toMatchObject([
      { action: 'review.hide', targetId: id, before: { hidden: false }, after: { hidden: true } },
    ]);
  });
});
