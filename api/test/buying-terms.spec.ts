// Pack sizes and quantity price tiers on POST /orders, POST /tools and PATCH /tools/{id}.
import { BuyingMessages, Messages } from '@toolshop/contracts';
import { TestApi } from './support/test-api';
import { Types } from 'mongoose';
import type { EditToolTermsDto } from '../src/tools/tool.dto';
import { ToolsService } from '../src/tools/tools.service';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

const order = (toolId: string, orderQuantity: number) =>
  api.request('POST', '/orders', {
    token: api.tokens.customer,
    body: { toolId, address: '12 Elm Street', phone: '+1 555 0100', orderQuantity },
  });
const readOrder = async (id: string) =>
  (await api.request('GET', `/orders/${id}`, { token: api.tokens.customer })).body;
const patch = (id: string, body: unknown, token = api.tokens.admin) =>
  api.request('PATCH', `/tools/${id}`, { token, body });

const drillTiers = [
  { minQuantity: 50, price: 119 },
  { minQuantity: 200, price: 109 },
];

describe('POST /orders with price tiers', () => {
  it('charges the unit price of the tier the quantity reaches, never the client’s', async () => {
    const toolId = await api.insertTool({
      price: 129,
      minOrder: 10,
      available: 1000,
      priceTiers: drillTiers,
    });
    for (const [quantity, unitPrice] of [
      [49, 129],
      [50, 119],
      [199, 119],
      [200, 109],
    ] as const) {
      const created = await api.request('POST', '/orders', {
        token: api.tokens.customer,
        body: {
          toolId,
          address: '12 Elm Street',
          phone: '+1 555 0100',
          orderQuantity: quantity,
          totalPrice: 1,
        },
      });
      expect(created.status).toBe(201);
      expect(await readOrder(created.body.insertedId)).toMatchObject({
        orderQuantity: quantity,
        unitPrice,
        totalPrice: quantity * unitPrice,
      });
    }
    expect(await api.toolStock(toolId)).toBe(1000 - 49 - 50 - 199 - 200);
  });

  it('stores the base price as the unit price of a tool without tiers', async () => {
    const toolId = await api.insertTool({ price: 25 });
    const created = await order(toolId, 4);
    expect(await readOrder(created.body.insertedId)).toMatchObject({
      unitPrice: 25,
      totalPrice: 100,
    });
  });
});

describe('POST /orders with a pack size', () => {
  it('takes whole packs and refuses any other quantity with the pack message, stock untouched', async () => {
    const toolId = await api.insertTool({ price: 12, minOrder: 10, packSize: 5, available: 40 });
    expect((await order(toolId, 15)).status).toBe(201);
    for (const quantity of [11, 12, 14, 26]) {
      const refused = await order(toolId, quantity);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(BuyingMessages.packMultiple(5, 10));
      // counted from the minimum, never a quantity the minimum refuses
      expect(refused.body.message).toBe('Sold in packs of 5: order 10, 15, 20…');
    }
    // Not whole packs and above the stock: the pack is the first rule broken.
    expect((await order(toolId, 41)).body.message).toBe(BuyingMessages.packMultiple(5, 10));
    expect(await api.toolStock(toolId)).toBe(25);
    const orders = await api.db.collection('orders').countDocuments({ toolId: { $exists: true } });
    expect(orders).toBeGreaterThan(0);
  });

  it('keeps the spec’s message below the minimum and above the stock', async () => {
    const toolId = await api.insertTool({ price: 12, minOrder: 10, packSize: 5, available: 20 });
    const below = await order(toolId, 5);
    expect(below.status).toBe(400);
    expect(below.body.message).toBe(Messages.invalidQuantity);
    const above = await order(toolId, 25);
    expect(above.status).toBe(409);
    expect(above.body.message).toBe(Messages.invalidQuantity);
    expect(await api.toolStock(toolId)).toBe(20);
  });

  it('leaves no hold and no order behind a refused pack quantity', async () => {
    const toolId = await api.insertTool({ price: 12, minOrder: 5, packSize: 5, available: 100 });
    const before = await api.db.collection('orders').countDocuments();
    expect((await order(toolId, 7)).status).toBe(400);
    expect(await api.db.collection('orders').countDocuments()).toBe(before);
    const { Types } = await import('mongoose');
    const tool = await api.db.collection('tools').findOne({ _id: new Types.ObjectId(toolId) });
    expect(tool?.available).toBe(100);
    expect(Object.keys(tool?.holds ?? {})).toEqual([]);
  });
});

describe('POST /tools with buying terms', () => {
  const product = {
    name: 'Saw Blade Box',
    img: '/images/jigsaw.webp',
    shortDescription: 'Five blades',
    minOrder: 10,
    available: 500,
    price: 20,
  };
  const add = (body: object) =>
    api.request('POST', '/tools', { token: api.tokens.admin, body: { ...product, ...body } });

  it('stores and answers pack size and tiers', async () => {
    const added = await add({ packSize: 5, priceTiers: [{ minQuantity: 100, price: 18 }] });
    expect(added.status).toBe(201);
    const tool = (await api.request('GET', `/tools/${added.body.insertedId}`)).body;
    expect(tool).toMatchObject({ packSize: 5, priceTiers: [{ minQuantity: 100, price: 18 }] });
    const listed = (await api.request('GET', '/tools')).body.find(
      (item: { _id: string }) => item._id === added.body.insertedId,
    );
    expect(listed).toMatchObject({ packSize: 5, priceTiers: [{ minQuantity: 100, price: 18 }] });
  });

  it('stores single units and no tiers as absent fields', async () => {
    const added = await add({ packSize: 1, priceTiers: [] });
    const tool = (await api.request('GET', `/tools/${added.body.insertedId}`)).body;
    expect(tool.packSize).toBeUndefined();
    expect(tool.priceTiers).toBeUndefined();
  });

  it.each([
    [{ packSize: 3 }, BuyingMessages.minOrderInPacks(3)],
    [{ packSize: 0 }, BuyingMessages.packSize],
    [{ packSize: 2.5 }, BuyingMessages.packSize],
    [{ priceTiers: [{ minQuantity: 50, price: 25 }] }, BuyingMessages.tierPrice],
    [{ priceTiers: [{ minQuantity: 1, price: 15 }] }, BuyingMessages.tierQuantity],
    [
      {
        priceTiers: [
          { minQuantity: 50, price: 15 },
          { minQuantity: 40, price: 10 },
        ],
      },
      BuyingMessages.tierQuantity,
    ],
    [
      { priceTiers: Array.from({ length: 11 }, (_, i) => ({ minQuantity: i + 2, price: 5 })) },
      BuyingMessages.tooManyTiers,
    ],
    [{ priceTiers: [{ minQuantity: 50, price: 15, extra: 1 }] }, 'property extra should not exist'],
    [{ priceTiers: 'cheap' }, BuyingMessages.tierQuantity],
  ])('refuses %j with a 400', async (terms, message) => {
    const refused = await add(terms);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(message);
  });
});

describe('PATCH /tools/{id}', () => {
  it('edits the terms, validated together with the stored tool, and orders use them next', async () => {
    const toolId = await api.insertTool({ price: 129, minOrder: 10, available: 1000 });
    expect((await patch(toolId, { priceTiers: drillTiers })).body).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
    });
    expect((await order(toolId, 60)).status).toBe(201);
    // The tiers are checked against the stored price, the pack against the stored minimum.
    const pricier = await patch(toolId, { priceTiers: [{ minQuantity: 20, price: 130 }] });
    expect(pricier.status).toBe(400);
    expect(pricier.body.message).toBe(BuyingMessages.tierPrice);
    const pack = await patch(toolId, { packSize: 4 });
    expect(pack.status).toBe(400);
    expect(pack.body.message).toBe(BuyingMessages.minOrderInPacks(4));
    // Together they fit: a new minimum in whole packs, a lower price with its tiers.
    expect(
      (
        await patch(toolId, {
          minOrder: 12,
          packSize: 4,
          price: 100,
          priceTiers: [{ minQuantity: 48, price: 90 }],
        })
      ).status,
    ).toBe(200);
    const tool = (await api.request('GET', `/tools/${toolId}`)).body;
    expect(tool).toMatchObject({
      minOrder: 12,
      packSize: 4,
      price: 100,
      priceTiers: [{ minQuantity: 48, price: 90 }],
    });
    expect((await order(toolId, 14)).body.message).toBe(BuyingMessages.packMultiple(4, 12));
    const tiered = await order(toolId, 48);
    expect(await readOrder(tiered.body.insertedId)).toMatchObject({
      unitPrice: 90,
      totalPrice: 4320,
    });

    // [] removes the tiers, 1 the packs.
    expect((await patch(toolId, { priceTiers: [], packSize: 1 })).status).toBe(200);
    const plain = (await api.request('GET', `/tools/${toolId}`)).body;
    expect(plain.packSize).toBeUndefined();
    expect(plain.priceTiers).toBeUndefined();
  });

  it('answers the catalog’s new terms at once (the cache is cleared)', async () => {
    const toolId = await api.insertTool({ price: 50 });
    await api.request('GET', '/tools');
    await patch(toolId, { price: 45 });
    const listed = (await api.request('GET', '/tools')).body.find(
      (item: { _id: string }) => item._id === toolId,
    );
    expect(listed.price).toBe(45);
  });

  it('never combines two concurrent edits into terms neither could set', async () => {
    const tools = api.app.get(ToolsService);
    for (let round = 0; round < 6; round++) {
      const id = await api.insertTool({ minOrder: 10, available: 1000, price: 20 });
      // Each is valid on the stored tool; together (packs of 5, minimum 12) they are not. Both
      // read the stored tool before either writes.
      const results = await Promise.allSettled([
        tools.editTerms(id, { packSize: 5 } as EditToolTermsDto),
        tools.editTerms(id, { minOrder: 12 } as EditToolTermsDto),
      ]);
      const tool = await api.db.collection('tools').findOne({ _id: new Types.ObjectId(id) });
      expect((tool?.minOrder as number) % ((tool?.packSize as number | undefined) ?? 1)).toBe(0);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    }
  });

  it('refuses a minimum above the stock, unknown fields and unknown ids', async () => {
    const toolId = await api.insertTool({ minOrder: 1, available: 5 });
    expect((await patch(toolId, { minOrder: 6 })).status).toBe(400);
    // A sold-out product's price can still change.
    const soldOut = await api.insertTool({ minOrder: 5, available: 0 });
    expect((await patch(soldOut, { price: 20 })).status).toBe(200);
    const unknown = await patch(toolId, { available: 0 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('property available should not exist');
    expect((await patch(toolId, { price: 10.5 })).status).toBe(400);
    expect((await patch('0123456789abcdef01234567', { price: 10 })).status).toBe(404);
  });

  it('is recorded in the audit log as product.edit', async () => {
    const toolId = await api.insertTool({ price: 50 });
    await patch(toolId, { price: 40, packSize: 1 });
    const entry = await api.db
      .collection('audit')
      .findOne({ action: 'product.edit', targetId: toolId });
    expect(entry).toMatchObject({ details: { price: 40, packSize: 1 } });
  });
});
