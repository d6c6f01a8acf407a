// Products have a unique SKU (the database's unique index decides a
// race), admins set it, quick order finds products by it, orders keep it, and Quick Order's
// typeahead looks products up by SKU or name prefix.
import { SKU_PATTERN, SkuMessages, type AuditEntry } from '@toolshop/contracts';
import { productSkus } from '../src/migrations/002-product-skus';
import { backfillSkus } from '../src/tools/sku';
import { TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => (api = await TestApi.start()));
afterAll(() => api.stop());

const asAdmin = () => ({ token: api.tokens.admin });
let seq = 0;
const newTool = (fields: Record<string, unknown> = {}) => ({
  name: `Sku Test Saw ${++seq}`,
  img: '/images/circular-saw.webp',
  shortDescription: 'A saw for SKU tests',
  minOrder: 1,
  available: 100,
  price: 50,
  ...fields,
});
const create = (fields: Record<string, unknown> = {}) =>
  api.request('POST', '/tools', { ...asAdmin(), body: newTool(fields) });
const skuOf = async (id: string) => (await api.request('GET', `/tools/${id}`)).body.sku as string;

describe('the SKU of a product', () => {
  it('is unique by a sparse unique index on the database server', async () => {
    const indexes = await api.db.collection('tools').listIndexes().toArray();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { sku: 1 }, unique: true, sparse: true }),
    );
    // Products without one (saved before SKUs) do not collide with each other.
    await api.insertTool({ name: 'No Sku One' });
    await api.insertTool({ name: 'No Sku Two' });
    await expect(
      api.db.collection('tools').insertMany([
        { name: 'x', sku: 'DUP-1' },
        { name: 'y', sku: 'DUP-1' },
      ]),
    ).rejects.toMatchObject({ code: 11000 });
  });

  it('is stored upper-case as typed, or generated from the name when not given', async () => {
    const typed = await create({ sku: 'saw-185-pro' });
    expect(typed.status).toBe(201);
    expect(await skuOf(typed.body.insertedId)).toBe('SAW-185-PRO');
    const generated = await create({ name: 'Bench Vice Deluxe' });
    expect(generated.status).toBe(201);
    const sku = await skuOf(generated.body.insertedId);
    expect(sku).toMatch(SKU_PATTERN);
    expect(sku).toMatch(/^BVD-[0-9A-F]{6}$/);
  });

  it.each([['a'], ['has space'], ['-DASH'], ['DASH-'], ['X'.repeat(33)], ['ÄBC'], [42], [null]])(
    'refuses the SKU %p with a clear 400',
    async (sku) => {
      const answer = await create({ sku });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(SkuMessages.invalid);
    },
  );

  it('answers 409 naming the SKU when another product has it, in any case', async () => {
    expect((await create({ sku: 'TAKEN-1' })).status).toBe(201);
    const again = await create({ sku: 'taken-1' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SkuMessages.taken('TAKEN-1'));
  });

  it('lets one of several concurrent creates with one SKU win; the others get 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => create({ sku: 'RACE-CREATE' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.body.message).toBe(SkuMessages.taken('RACE-CREATE'));
    expect(await api.db.collection('tools').countDocuments({ sku: 'RACE-CREATE' })).toBe(1);
  });

  it('lets one of two concurrent edits to one SKU win; the other gets 409', async () => {
    const a = (await create()).body.insertedId as string;
    const b = (await create()).body.insertedId as string;
    const answers = await Promise.all(
      [a, b].map((id) =>
        api.request('PATCH', `/tools/${id}`, { ...asAdmin(), body: { sku: 'race-edit' } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(
      SkuMessages.taken('RACE-EDIT'),
    );
    expect(await api.db.collection('tools').countDocuments({ sku: 'RACE-EDIT' })).toBe(1);
  });

  it('is edited by PATCH /tools/{id} and audited before → after', async () => {
    const id = (await create({ sku: 'OLD-SKU-1' })).body.insertedId as string;
    const answer = await api.request('PATCH', `/tools/${id}`, {
      ...asAdmin(),
      body: { sku: 'new-sku-1' },
    });
    expect(answer.status).toBe(200);
    expect(await skuOf(id)).toBe('NEW-SKU-1');
    const log = await api.request('GET', '/audit?limit=5&page=1', asAdmin());
    const entry = (log.body as AuditEntry[]).find(
      (candidate) => candidate.action === 'product.edit' && candidate.targetId === id,
    );
    expect(entry).toMatchObject({ before: { sku: 'OLD-SKU-1' }, after: { sku: 'NEW-SKU-1' } });
    const bad = await api.request('PATCH', `/tools/${id}`, { ...asAdmin(), body: { sku: 'a b' } });
    expect(bad.status).toBe(400);
    const nulled = await api.request('PATCH', `/tools/${id}`, {
      ...asAdmin(),
      body: { sku: null },
    });
    expect(nulled.status).toBe(400);
    expect(await skuOf(id)).toBe('NEW-SKU-1');
  });

  it('is given once to every product saved before SKUs (data migration 002-product-skus)', async () => {
    const old = await api.insertTool({ name: 'Legacy Planer 82 mm' });
    const kept = (await create({ sku: 'KEEP-ME' })).body.insertedId as string;
    await productSkus.up(api.db.db!);
    const given = await skuOf(old);
    expect(given).toMatch(/^LP8-[0-9A-F]{6}$/);
    expect(await skuOf(kept)).toBe('KEEP-ME');
    // Idempotent: nothing left to give, nothing changed.
    expect(await backfillSkus(api.db.db!.collection('tools'))).toBe(0);
    expect(await skuOf(old)).toBe(given);
    expect(await api.db.collection('tools').countDocuments({ sku: { $exists: false } })).toBe(0);
    // The typeahead finds it by its name too (its lower-case name key was written with the SKU).
    const offered = await api.request('GET', '/tools/lookup?q=legacy%20plan');
    expect(offered.body).toEqual([{ _id: old, name: 'Legacy Planer 82 mm', sku: given }]);
  });
});

describe('quick order by SKU', () => {
  let drill: string;
  let drillSku: string;
  beforeAll(async () => {
    drill = (await create({ name: 'Cordless Drill Driver 18V', sku: 'DRL-18V', minOrder: 5 })).body
      .insertedId;
    drillSku = 'DRL-18V';
    await create({ name: 'Cordless Drill Compact 12V', sku: 'DRL-12V', minOrder: 5 });
  });

  const check = (lines: Array<{ product: string; quantity: number }>) =>
    api.request('POST', '/quickOrders/check', { token: api.tokens.customer, body: { lines } });

  it('matches a SKU exactly in any case first, and "SKU — name" lines read back exactly', async () => {
    const answer = await check([
      { product: 'drl-18v', quantity: 10 },
      { product: ` ${drillSku} — Cordless Drill Driver 18V `, quantity: 20 },
      { product: 'DRL-12V — a name that changed since', quantity: 5 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.lines[0]).toMatchObject({ toolId: drill, sku: 'DRL-18V' });
    expect(answer.body.lines[1]).toMatchObject({ toolId: drill, sku: 'DRL-18V' });
    expect(answer.body.lines[2]).toMatchObject({
      sku: 'DRL-12V',
      name: 'Cordless Drill Compact 12V',
    });
  });

  it('suggests "SKU — name" for a line that matches several products', async () => {
    const answer = await check([{ product: 'Cordless Drill', quantity: 10 }]);
    expect(answer.body.lines[0].suggestions).toEqual(
      expect.arrayContaining([
        { toolId: drill, name: 'Cordless Drill Driver 18V', sku: 'DRL-18V' },
        expect.objectContaining({ sku: 'DRL-12V' }),
      ]),
    );
  });

  it('keeps the SKU on the order and on each line of a quick order', async () => {
    const single = await api.placeOrder(drill, api.tokens.other, 5);
    const own = await api.request('GET', `/orders/${single}`, { token: api.tokens.other });
    expect(own.body).toMatchObject({ sku: 'DRL-18V' });
    const other = (await create({ sku: 'QO-LINE-2' })).body.insertedId as string;
    const placed = await api.request('POST', '/quickOrders', {
      token: api.tokens.other,
      body: {
        lines: [drill, other].map((toolId, index) => ({ toolId, quantity: index === 0 ? 5 : 1 })),
        address: '1 Main St',
        phone: '555-0100',
      },
    });
    expect(placed.status).toBe(201);
    const order = await api.request('GET', `/orders/${placed.body.insertedId}`, {
      token: api.tokens.other,
    });
    expect(order.body.lines.map((line: { sku?: string }) => line.sku)).toEqual([
      'DRL-18V',
      'QO-LINE-2',
    ]);
  });
});

describe('saved lists', () => {
  it('keep each line’s SKU, so Order this list writes "SKU — name" lines', async () => {
    const tool = (await create({ sku: 'LIST-SKU-1' })).body.insertedId as string;
    const saved = await api.request('POST', '/savedLists', {
      token: api.tokens.other,
      body: { name: 'With SKUs', lines: [{ toolId: tool, quantity: 2 }] },
    });
    expect(saved.status).toBe(201);
    const lists = await api.request('GET', '/savedLists', { token: api.tokens.other });
    const list = lists.body.find((candidate: { name: string }) => candidate.name === 'With SKUs');
    expect(list.lines).toEqual([
      { toolId: tool, name: expect.any(String), sku: 'LIST-SKU-1', quantity: 2 },
    ]);
  });
});

describe('GET /tools/lookup (the typeahead)', () => {
  beforeAll(async () => {
    await create({ name: 'Router Table Pro', sku: 'RTP-100' });
    await create({ name: 'RTP Adapter Kit', sku: 'ADP-7' });
    await create({ name: 'Rotary Tool Kit', sku: 'ROT-200' });
  });

  it('offers SKU prefix matches first, then name prefix matches, in any case', async () => {
    const answer = await api.request('GET', '/tools/lookup?q=rtp');
    expect(answer.status).toBe(200);
    expect(answer.body.map((tool: { sku: string }) => tool.sku)).toEqual(['RTP-100', 'ADP-7']);
    expect(answer.body[0]).toEqual({
      _id: expect.any(String),
      name: 'Router Table Pro',
      sku: 'RTP-100',
    });
    const byName = await api.request('GET', '/tools/lookup?q=ROTARY%20%20t');
    expect(byName.body.map((tool: { name: string }) => tool.name)).toEqual(['Rotary Tool Kit']);
    const limited = await api.request('GET', '/tools/lookup?q=r&limit=1');
    expect(limited.body).toHaveLength(1);
  });

  it.each([
    ['/tools/lookup', 'q must be'],
    ['/tools/lookup?q=', 'q must be'],
    [`/tools/lookup?q=${'x'.repeat(41)}`, 'q must be'],
    ['/tools/lookup?q=a&limit=0', 'limit must be'],
    ['/tools/lookup?q=a&limit=21', 'limit must be'],
    ['/tools/lookup?q=a&limit=two', 'limit must be'],
    ['/tools/lookup?q=a%00b', 'NUL'],
  ])('refuses %s with a 400', async (path, message) => {
    const answer = await api.request('GET', path);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.message)).toContain(message);
  });
});
