// Company price lists: an admin gives a company a discount and/or fixed prices; its members pay the
// lowest of list, tier and company price on every order and check, others pay the normal price.
import { CompanyMessages, CompanyPriceMessages, TOTAL_COUNT_HEADER } from '@toolshop/contracts';
import { Types } from 'mongoose';
import { CUSTOMER, TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

let seq = 0;
const user = (label: string) => {
  const email = `${label}-${++seq}@prices.test`;
  return { email, token: api.issuer.token({ email, name: label }) };
};

/** A company made by its owner, with a buyer added as a member. */
async function company(name = `Prices Co ${++seq}`) {
  const owner = user('owner');
  const created = await api.request('POST', '/companies', {
    token: owner.token,
    body: { name },
  });
  expect(created.status).toBe(201);
  const id = created.body.insertedId as string;
  const buyer = user('buyer');
  await api.db.collection('company_members').insertOne({
    email: buyer.email,
    companyId: new Types.ObjectId(id),
    role: 'buyer',
    joinedAt: new Date(),
  });
  return { id, name, owner, buyer };
}

const setPrices = (id: string, body: unknown, token = api.tokens.admin) =>
  api.request('PUT', `/admin/companies/${id}/prices`, { token, body });
const order = (token: string, toolId: string, orderQuantity: number) =>
  api.request('POST', '/orders', {
    token,
    body: { toolId, address: '1 Main St', phone: '555-0100', orderQuantity },
  });
const quickOrder = (token: string, lines: Array<{ toolId: string; quantity: number }>) =>
  api.request('POST', '/quickOrders', {
    token,
    body: { lines, address: '1 Main St', phone: '555-0100' },
  });
const stored = (id: string) => api.db.collection('orders').findOne({ _id: new Types.ObjectId(id) });

describe('PUT /admin/companies/{id}/prices', () => {
  it('saves the discount and fixed prices, read back with the products’ names', async () => {
    const { id } = await company();
    const drill = await api.insertTool({ name: 'Listed Drill', price: 100 });
    const saved = await setPrices(id, {
      discountPercent: 12.5,
      prices: [{ product: drill, unitPrice: 79.99 }],
    });
    expect(saved.status).toBe(200);
    const read = await api.request('GET', `/admin/companies/${id}/prices`, {
      token: api.tokens.admin,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      companyId: id,
      discountPercent: 12.5,
      prices: [{ product: drill, unitPrice: 79.99, name: 'Listed Drill', listPrice: 100 }],
    });
    const [entry] = (await api.request('GET', '/audit?limit=1', { token: api.tokens.admin })).body;
    expect(entry).toMatchObject({
      action: 'company.prices',
      targetId: id,
      details: { discountPercent: 12.5 },
    });
    // Saving again replaces the whole list.
    expect((await setPrices(id, { prices: [] })).status).toBe(200);
    const cleared = await api.request('GET', `/admin/companies/${id}/prices`, {
      token: api.tokens.admin,
    });
    expect(cleared.body.discountPercent).toBeUndefined();
    expect(cleared.body.prices).toEqual([]);
  });

  it('refuses bad discounts and prices with a message saying which', async () => {
    const { id } = await company();
    const drill = await api.insertTool({ name: 'Checked Drill', price: 50 });
    const refusals: Array<[unknown, string]> = [
      [{ discountPercent: 95, prices: [] }, CompanyPriceMessages.discountInvalid],
      [{ discountPercent: 12.25, prices: [] }, CompanyPriceMessages.discountInvalid],
      [{ discountPercent: '10', prices: [] }, CompanyPriceMessages.discountInvalid],
      [{ discountPercent: 10 }, CompanyPriceMessages.pricesNotList],
      [{ prices: [{ product: 'drill', unitPrice: 5 }] }, CompanyPriceMessages.productInvalid(0)],
      [{ prices: [{ product: drill, unitPrice: -5 }] }, CompanyPriceMessages.unitPriceInvalid(0)],
      [
        { prices: [{ product: drill, unitPrice: 1.234 }] },
        CompanyPriceMessages.unitPriceInvalid(0),
      ],
      [
        {
          prices: [
            { product: drill, unitPrice: 5 },
            { product: drill, unitPrice: 6 },
          ],
        },
        CompanyPriceMessages.productTwice(drill),
      ],
    ];
    for (const [body, message] of refusals) {
      const answer = await setPrices(id, body);
      expect({ body, status: answer.status, message: answer.body.message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    const missing = new Types.ObjectId().toHexString();
    const unknown = await setPrices(id, { prices: [{ product: missing, unitPrice: 5 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(CompanyPriceMessages.unknownProducts([missing]));
  });

  it('takes up to 5,000 fixed prices in one body and refuses more with a 400', async () => {
    const { id } = await company();
    const ids = Array.from({ length: 5001 }, () => new Types.ObjectId().toHexString());
    const many = (count: number) => ({
      prices: ids.slice(0, count).map((product) => ({ product, unitPrice: 1234.56 })),
    });
    const atMost = await setPrices(id, many(5000));
    // Read whole (not refused as too large): only the products are unknown.
    expect(atMost.status).toBe(400);
    expect(atMost.body.message).toMatch(/^No product with the id .* and 4995 more$/);
    const over = await setPrices(id, many(5001));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(CompanyPriceMessages.tooManyPrices);
  });

  it('answers 404 for an unknown company and 403 for a non-admin', async () => {
    const missing = await setPrices(new Types.ObjectId().toHexString(), { prices: [] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(CompanyMessages.companyNotFound);
    const { id, owner } = await company();
    expect((await setPrices(id, { discountPercent: 50, prices: [] }, owner.token)).status).toBe(
      403,
    );
  });
});

describe('GET /admin/companies', () => {
  it('finds companies by part of the name, a page at a time, with their summaries', async () => {
    const tag = `Zebra${Date.now()}`;
    const first = await company(`${tag} Alpha Joinery`);
    await company(`${tag} Beta Builders`);
    await company(`${tag} Gamma (Tools)`);
    await setPrices(first.id, { discountPercent: 10, prices: [] });
    const page = await api.request('GET', `/admin/companies?q=${tag.toLowerCase()}&limit=2`, {
      token: api.tokens.admin,
    });
    expect(page.status).toBe(200);
    expect(page.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
    expect(page.body).toEqual([
      {
        _id: first.id,
        name: `${tag} Alpha Joinery`,
        members: 2,
        discountPercent: 10,
        fixedPrices: 0,
      },
      expect.objectContaining({ name: `${tag} Beta Builders`, members: 2, fixedPrices: 0 }),
    ]);
    // The search is literal text, not a pattern.
    const literal = await api.request(
      'GET',
      `/admin/companies?q=${encodeURIComponent('(Tools)')}`,
      {
        token: api.tokens.admin,
      },
    );
    expect(literal.body.map((c: { name: string }) => c.name)).toContain(`${tag} Gamma (Tools)`);
    const tooLong = await api.request('GET', `/admin/companies?q=${'x'.repeat(101)}`, {
      token: api.tokens.admin,
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('what a member pays', () => {
  it('orders at the company price on /orders; a plain customer pays the list price', async () => {
    const { id, buyer, owner } = await company();
    const drill = await api.insertTool({ name: 'Company Drill', price: 15, available: 100 });
    await setPrices(id, { discountPercent: 12.5, prices: [] });
    const mine = await order(buyer.token, drill, 3);
    expect(mine.status).toBe(201);
    // 15 - 12.5 % = 13.125, rounded to cents.
    expect(await stored(mine.body.insertedId)).toMatchObject({
      unitPrice: 13.13,
      totalPrice: 39.39,
    });
    const owners = await order(owner.token, drill, 1);
    expect(await stored(owners.body.insertedId)).toMatchObject({ totalPrice: 13.13 });
    const plain = await order(api.tokens.customer, drill, 3);
    expect(plain.status).toBe(201);
    expect(await stored(plain.body.insertedId)).toMatchObject({ totalPrice: 45 });
  });

  it('keeps the tier price when it is lower, and the fixed price over the discount', async () => {
    const { id, buyer } = await company();
    const tiered = await api.insertTool({
      name: 'Tiered Saw',
      price: 100,
      available: 500,
      priceTiers: [{ minQuantity: 50, price: 70 }],
    });
    const fixed = await api.insertTool({ name: 'Fixed Sander', price: 60, available: 500 });
    await setPrices(id, { discountPercent: 10, prices: [{ product: fixed, unitPrice: 49.5 }] });
    const atTier = await order(buyer.token, tiered, 50);
    expect(await stored(atTier.body.insertedId)).toMatchObject({ totalPrice: 3500 });
    const belowTier = await order(buyer.token, tiered, 2);
    expect(await stored(belowTier.body.insertedId)).toMatchObject({ totalPrice: 180 });
    const lines = await quickOrder(buyer.token, [
      { toolId: fixed, quantity: 3 },
      { toolId: tiered, quantity: 1 },
    ]);
    expect(lines.status).toBe(201);
    expect(await stored(lines.body.insertedId)).toMatchObject({
      totalPrice: 238.5,
      lines: [
        expect.objectContaining({ unitPrice: 49.5, totalPrice: 148.5 }),
        expect.objectContaining({ unitPrice: 90, totalPrice: 90 }),
      ],
    });
  });

  it('prices the quick order check and the tool page for members only', async () => {
    const { id, buyer, name } = await company();
    const other = await company();
    const drill = await api.insertTool({ name: `Checked Planer ${seq}`, price: 200 });
    await setPrices(id, { prices: [{ product: drill, unitPrice: 150 }] });
    await setPrices(other.id, { discountPercent: 5, prices: [] });
    const checked = await api.request('POST', '/quickOrders/check', {
      token: buyer.token,
      body: { lines: [{ product: drill, quantity: 2 }] },
    });
    expect(checked.body).toMatchObject({
      lines: [{ unitPrice: 150, lineTotal: 300, companyPrice: true }],
      total: 300,
    });
    const price = await api.request('GET', `/tools/${drill}/price`, { token: buyer.token });
    expect(price.status).toBe(200);
    expect(price.body).toEqual({
      toolId: drill,
      listPrice: 200,
      company: { name, fixedPrice: 150 },
      companyPrice: 150,
    });
    // Another company's member gets that company's terms, not these.
    const theirs = await api.request('GET', `/tools/${drill}/price`, { token: other.buyer.token });
    expect(theirs.body).toMatchObject({ listPrice: 200, companyPrice: 190 });
    const theirOrder = await order(other.buyer.token, drill, 1);
    expect(await stored(theirOrder.body.insertedId)).toMatchObject({ totalPrice: 190 });
    const plain = await api.request('GET', `/tools/${drill}/price`, { token: api.tokens.customer });
    expect(plain.body).toEqual({ toolId: drill, listPrice: 200 });
    const plainCheck = await api.request('POST', '/quickOrders/check', {
      token: api.tokens.customer,
      body: { lines: [{ product: drill, quantity: 2 }] },
    });
    expect(plainCheck.body.lines[0]).toMatchObject({ unitPrice: 200, lineTotal: 400 });
    expect(plainCheck.body.lines[0].companyPrice).toBeUndefined();
    // The public tool answer is the same for everyone.
    const asBuyer = await api.request('GET', `/tools/${drill}`, { token: buyer.token });
    expect(asBuyer.body.price).toBe(200);
    expect(
      (await api.request('GET', `/tools/${new Types.ObjectId()}/price`, { token: buyer.token }))
        .status,
    ).toBe(404);
    expect(CUSTOMER).not.toBe(buyer.email);
  });
});
