// Quotes (/quotes): a customer or a company member asks for prices, an admin answers with a unit
// price per line and a validity date (the buyer is emailed), both sides talk, and the owner side
// accepts once, within the date, into one order at the quoted prices (stock all or nothing).
import { BuyingMessages, QuoteMessages } from '@toolshop/contracts';
import { Types } from 'mongoose';
import { apiWithMail } from './support/api-with-mail';

const started = apiWithMail();
let api: typeof started.api;
beforeAll(() => {
  api = started.api;
});

let seq = 0;
const freshUser = (label = 'buyer') => {
  const email = `quotes-${label}-${++seq}@toolshop.test`;
  return { email, token: api.issuer.token({ email, name: label }) };
};
const shipping = { address: '1 Main St', phone: '555-0100' };
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

const requestQuote = (token: string, body: unknown) =>
  api.request('POST', '/quotes', { token, body });
const getQuote = (token: string, id: string) => api.request('GET', `/quotes/${id}`, { token });
const answer = (id: string, body: unknown, token = api.tokens.admin) =>
  api.request('PATCH', `/quotes/${id}`, { token, body });
const accept = (token: string, id: string, body: unknown = shipping) =>
  api.request('POST', `/quotes/${id}/accept`, { token, body });

/** A requested quote of `lines` by `token`, answered with `prices` by the admin. */
async function answeredQuote(
  token: string,
  lines: Array<{ product: string; quantity: number }>,
  prices: number[],
) {
  const created = await requestQuote(token, { lines });
  expect(created.status).toBe(201);
  const id = created.body.insertedId as string;
  const answered = await answer(id, { unitPrices: prices, validUntil: inAWeek() });
  expect(answered.status).toBe(200);
  return id;
}

describe('/quotes', () => {
  it('runs requested → answered → accepted into an order at the quoted prices', async () => {
    const buyer = freshUser();
    const drillId = await api.insertTool({ name: 'Quote Drill', price: 120, available: 500 });
    await api.db
      .collection('tools')
      .updateOne({ _id: new Types.ObjectId(drillId) }, { $set: { sku: 'QD-100' } });
    await api.insertTool({ name: 'Quote Blades', price: 10, packSize: 5, available: 500 });

    const created = await requestQuote(buyer.token, {
      lines: [
        { product: 'qd-100', quantity: 200 },
        { product: 'quote blades', quantity: 50 },
      ],
      note: '  Delivery in March  ',
    });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;

    const mine = await api.request('GET', '/quotes', { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        _id: id,
        email: buyer.email,
        state: 'requested',
        note: 'Delivery in March',
        lines: [
          { toolId: drillId, name: 'Quote Drill', sku: 'QD-100', quantity: 200 },
          expect.objectContaining({ name: 'Quote Blades', quantity: 50 }),
        ],
        messages: [],
      }),
    ]);
    const requested = await api.request('GET', '/quotes?state=requested', {
      token: api.tokens.admin,
    });
    expect(requested.body.map((quote: { _id: string }) => quote._id)).toContain(id);
    // An unanswered quote cannot be accepted.
    expect((await accept(buyer.token, id)).body.message).toBe(QuoteMessages.notAnswered);

    const answered = await answer(id, {
      unitPrices: [95, 8],
      validUntil: inAWeek(),
      message: 'Best we can do for 200',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      state: 'answered',
      total: 200 * 95 + 50 * 8,
      lines: [{ unitPrice: 95 }, { unitPrice: 8 }],
      messages: [{ from: 'shop', text: 'Best we can do for 200' }],
    });
    const mails = await started.smtp.waitFor((all) => all.some((m) => m.to.includes(buyer.email)));
    const mail = mails.find((m) => m.to.includes(buyer.email))!;
    expect(mail.subject).toBe('Your Toolshop quote is ready');
    expect(mail.text).toContain('200 × Quote Drill at $95 each');
    expect(mail.text).toContain(`https://shop.example/dashboard/quotes/${id}`);

    const reply = await api.request('POST', `/quotes/${id}/messages`, {
      token: buyer.token,
      body: { text: 'Thanks, accepting' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.messages.at(-1)).toMatchObject({ from: 'customer', author: buyer.email });

    const accepted = await accept(buyer.token, id);
    expect(accepted.status).toBe(201);
    const order = await api.db
      .collection('orders')
      .findOne({ _id: new Types.ObjectId(accepted.body.insertedId as string) });
    expect(order).toMatchObject({
      email: buyer.email,
      state: 'unpaid',
      totalPrice: 200 * 95 + 50 * 8,
      lines: [
        expect.objectContaining({ name: 'Quote Drill', unitPrice: 95, totalPrice: 19_000 }),
        expect.objectContaining({ name: 'Quote Blades', unitPrice: 8, totalPrice: 400 }),
      ],
    });
    expect(order?.number).toEqual(expect.any(String));
    expect(await api.toolStock(drillId)).toBe(300);
    expect((await getQuote(buyer.token, id)).body).toMatchObject({
      state: 'accepted',
      orderId: accepted.body.insertedId,
    });
    const again = await accept(buyer.token, id);
    expect([again.status, again.body.message]).toEqual([409, QuoteMessages.alreadyAccepted]);
    expect((await answer(id, { unitPrices: [1, 1], validUntil: inAWeek() })).status).toBe(409);
  });

  it('refuses bad requests and answers with clear 400s', async () => {
    const buyer = freshUser();
    await api.insertTool({ name: 'Boxed Screws', packSize: 10, available: 1000 });
    const refused = async (body: unknown) => {
      const answer = await requestQuote(buyer.token, body);
      expect(answer.status).toBe(400);
      return answer.body.message as string;
    };
    expect(await refused({ lines: [] })).toBe(BuyingMessages.noLines);
    expect(await refused({ lines: [{ product: 'No Such Saw', quantity: 1 }] })).toContain(
      BuyingMessages.unknownProduct('No Such Saw'),
    );
    expect(await refused({ lines: [{ product: 'Boxed Screws', quantity: 15 }] })).toContain(
      BuyingMessages.packMultiple(10),
    );
    expect(
      await refused({ lines: [{ product: 'Boxed Screws', quantity: 10 }], note: 'x'.repeat(1001) }),
    ).toBe(QuoteMessages.noteTooLong);
    // More than is in stock is what a quote may ask for.
    expect(
      (await requestQuote(buyer.token, { lines: [{ product: 'Boxed Screws', quantity: 5000 }] }))
        .status,
    ).toBe(201);

    const id = (
      await requestQuote(buyer.token, { lines: [{ product: 'Boxed Screws', quantity: 20 }] })
    ).body.insertedId as string;
    const bad = async (body: unknown) => {
      const answered = await answer(id, body);
      expect(answered.status).toBe(400);
      return answered.body.message as string;
    };
    expect(await bad({ unitPrices: [1, 2], validUntil: inAWeek() })).toBe(
      QuoteMessages.pricesPerLine,
    );
    expect(await bad({ unitPrices: [9.5], validUntil: inAWeek() })).toBe(QuoteMessages.unitPrice);
    expect(await bad({ unitPrices: [9], validUntil: '2020-01-01T00:00:00Z' })).toBe(
      QuoteMessages.validUntilPast,
    );
    expect((await answer(id, { unitPrices: [9], validUntil: inAWeek() }, buyer.token)).status).toBe(
      403,
    );
    expect((await api.request('GET', '/quotes?state=nope', { token: buyer.token })).status).toBe(
      400,
    );
    expect(
      (await api.request('POST', `/quotes/${id}/messages`, { token: buyer.token, body: {} })).body
        .message,
    ).toBe(QuoteMessages.messageRequired);
  });

  it('refuses an expired quote with 409 and reads it as expired', async () => {
    const buyer = freshUser();
    await api.insertTool({ name: 'Expiring Sander', available: 50 });
    const id = await answeredQuote(
      buyer.token,
      [{ product: 'Expiring Sander', quantity: 5 }],
      [20],
    );
    await api.db
      .collection('quotes')
      .updateOne(
        { _id: new Types.ObjectId(id) },
        { $set: { validUntil: new Date(Date.now() - 1000) } },
      );
    expect((await getQuote(buyer.token, id)).body.state).toBe('expired');
    const refused = await accept(buyer.token, id);
    expect([refused.status, refused.body.message]).toEqual([409, QuoteMessages.expired]);
    const expired = await api.request('GET', '/quotes?state=expired', { token: buyer.token });
    expect(expired.body.map((quote: { _id: string }) => quote._id)).toEqual([id]);
    expect(await api.db.collection('orders').countDocuments({ email: buyer.email })).toBe(0);
    // The shop may price it again, with a new date.
    const renewed = await answer(id, { unitPrices: [18], validUntil: inAWeek() });
    expect([renewed.status, renewed.body.state]).toEqual([200, 'answered']);
    expect((await accept(buyer.token, id)).status).toBe(201);
  });

  it('makes one order of accepts that race', async () => {
    const buyer = freshUser();
    const tool = await api.insertTool({ name: 'Racing Planer', available: 100 });
    const id = await answeredQuote(buyer.token, [{ product: 'Racing Planer', quantity: 10 }], [30]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => accept(buyer.token, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await api.db.collection('orders').countDocuments({ email: buyer.email })).toBe(1);
    expect(await api.toolStock(tool)).toBe(90);
  });

  it('names the short product, takes no stock and keeps the quote answered', async () => {
    const buyer = freshUser();
    const plenty = await api.insertTool({ name: 'Plenty Clamps', available: 100 });
    await api.insertTool({ name: 'Scarce Router', available: 3 });
    const id = await answeredQuote(
      buyer.token,
      [
        { product: 'Plenty Clamps', quantity: 10 },
        { product: 'Scarce Router', quantity: 5 },
      ],
      [4, 200],
    );
    const refused = await accept(buyer.token, id);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      QuoteMessages.notEnoughStock('Scarce Router', 3),
    ]);
    expect(await api.toolStock(plenty)).toBe(100);
    expect((await getQuote(buyer.token, id)).body.state).toBe('answered');
    expect(await api.db.collection('orders').countDocuments({ email: buyer.email })).toBe(0);
  });

  it('shares a company member’s quote with the company and hides it from everyone else', async () => {
    const owner = freshUser('owner');
    const buyer = freshUser('member');
    const stranger = freshUser('stranger');
    const company = await api.request('POST', '/companies', {
      token: owner.token,
      body: { name: 'Quote Joinery' },
    });
    expect(company.status).toBe(201);
    await api.db.collection('company_members').insertOne({
      email: buyer.email,
      companyId: new Types.ObjectId(company.body.insertedId as string),
      role: 'buyer',
      joinedAt: new Date(),
    });
    await api.insertTool({ name: 'Company Jigsaw', available: 100 });
    const id = await answeredQuote(buyer.token, [{ product: 'Company Jigsaw', quantity: 2 }], [50]);

    const listed = await api.request('GET', '/quotes', { token: owner.token });
    expect(listed.body.map((quote: { _id: string }) => quote._id)).toEqual([id]);
    expect((await getQuote(owner.token, id)).status).toBe(200);
    expect((await api.request('GET', '/quotes', { token: stranger.token })).body).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/quotes/${id}`, undefined],
      ['POST', `/quotes/${id}/messages`, { text: 'hi' }],
      ['POST', `/quotes/${id}/accept`, shipping],
      ['POST', `/quotes/${id}/decline`, undefined],
    ] as const) {
      const answered = await api.request(method, path, { token: stranger.token, body });
      expect([path, answered.status, answered.body.message]).toEqual([
        path,
        404,
        QuoteMessages.notFound,
      ]);
    }
    // The admin reads and talks, but accepts only for their own side.
    expect((await getQuote(api.tokens.admin, id)).status).toBe(200);
    expect((await accept(api.tokens.admin, id)).status).toBe(404);
    const accepted = await accept(owner.token, id);
    expect(accepted.status).toBe(201);
  });

  it('lets the buyer decline an open quote', async () => {
    const buyer = freshUser();
    await api.insertTool({ name: 'Declined Level', available: 10 });
    const id = await answeredQuote(buyer.token, [{ product: 'Declined Level', quantity: 1 }], [5]);
    const declined = await api.request('POST', `/quotes/${id}/decline`, { token: buyer.token });
    expect([declined.status, declined.body.state]).toEqual([200, 'declined']);
    expect((await accept(buyer.token, id)).body.message).toBe(QuoteMessages.declined);
  });
});
