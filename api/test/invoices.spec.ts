import { ApiMessages, formatInvoiceNumber, InvoiceMessages, SELLER } from '@toolshop/contracts';
import { Types } from 'mongoose';
import { pdfText } from './support/pdf-text';
import { ADMIN, CUSTOMER, TestApi } from './support/test-api';

/** Issue 15: GET /orders/{id}/invoice.pdf. */
let api: TestApi;
/** A second API instance on the same database: its own process state, as another API process. */
let second: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
  // Same database and token issuer: a second API process in all but the process.
  second = await TestApi.start({ MONGODB_DB: api.db.name, OIDC_ISSUER: api.issuer.url });
  for (const token of Object.values(api.tokens)) await api.request('GET', '/health', { token });
});
afterAll(async () => {
  await second?.app.close();
  await second?.issuer.stop();
  await api.stop();
});

/** The PDF's bytes (the shared helper reads answers as text). */
async function download(path: string, token?: string, base = api) {
  const response = await fetch(`${base.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

const numberIn = (text: string) => Number(/INV-(\d{6})/.exec(text)?.[1]);

async function paidOrder(token = api.tokens.customer, quantity = 3) {
  const tool = await api.insertTool({ name: 'Invoice Test Drill', price: 40 });
  const order = await api.placeOrder(tool, token, quantity);
  await api.markPaid(order);
  return order;
}

describe('GET /orders/{id}/invoice.pdf', () => {
  it('gives the owner a PDF with the number, seller, buyer, line, total and transaction id', async () => {
    await api.db
      .collection('users')
      .updateOne(
        { email: CUSTOMER },
        { $set: { company: 'Casey Builders LLC', taxId: 'US 12-3456789' } },
        { upsert: true },
      );
    const order = await paidOrder();
    const answer = await download(`/orders/${order}/invoice.pdf`, api.tokens.customer);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(answer.bytes);
    const number = numberIn(text);
    expect(number).toBeGreaterThan(0);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${formatInvoiceNumber(number)}.pdf"`,
    );
    for (const expected of [
      'INVOICE',
      SELLER.name,
      ...SELLER.addressLines,
      SELLER.email,
      'Casey Customer', // the name of the order (from the token)
      CUSTOMER,
      '1 Main St',
      '555-0100',
      'Casey Builders LLC',
      'Tax ID: US 12-3456789',
      'Invoice Test Drill',
      '$40', // unit price
      '$120', // total of 3
      'Transaction ID: pi_test_123',
      `Order:`,
      order,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Quantity[^]*\n3\n/);
  });

  it('is issued once: every later download (owner or admin) carries the same number', async () => {
    const order = await paidOrder();
    const first = numberIn(
      pdfText((await download(`/orders/${order}/invoice.pdf`, api.tokens.customer)).bytes),
    );
    await api.db
      .collection('users')
      .updateOne({ email: CUSTOMER }, { $set: { company: 'Renamed Inc' } });
    const again = pdfText((await download(`/orders/${order}/invoice.pdf`, api.tokens.admin)).bytes);
    expect(numberIn(again)).toBe(first);
    // The buyer as at issue: a later profile change does not rewrite an issued invoice.
    expect(again).not.toContain('Renamed Inc');
    expect(
      await api.db.collection('invoices').countDocuments({ orderId: new Types.ObjectId(order) }),
    ).toBe(1);
  });

  it('answers another customer as if the order did not exist, and anonymous callers 401', async () => {
    const order = await paidOrder();
    const other = await api.request('GET', `/orders/${order}/invoice.pdf`, {
      token: api.tokens.other,
    });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ statusCode: 404, message: ApiMessages.orderNotFound });
    const missing = await api.request('GET', `/orders/${new Types.ObjectId()}/invoice.pdf`, {
      token: api.tokens.other,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(other.body);
    expect((await api.request('GET', `/orders/${order}/invoice.pdf`)).status).toBe(401);
    // Nothing was issued by the refused calls.
    expect(
      await api.db.collection('invoices').countDocuments({ orderId: new Types.ObjectId(order) }),
    ).toBe(0);
  });

  it('refuses an unpaid order with 409 and a message, a malformed id with 400 (JSON errors)', async () => {
    const order = await api.placeOrder(await api.insertTool());
    const unpaid = await api.request('GET', `/orders/${order}/invoice.pdf`, {
      token: api.tokens.customer,
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.headers.get('content-type')).toMatch(/^application\/json/);
    expect(unpaid.body).toMatchObject({ statusCode: 409, message: InvoiceMessages.onlyPaidOrders });
    const admin = await api.request('GET', `/orders/${order}/invoice.pdf`, {
      token: api.tokens.admin,
    });
    expect(admin.status).toBe(409);
    const malformed = await api.request('GET', '/orders/not-an-id/invoice.pdf', {
      token: api.tokens.customer,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, message: ApiMessages.invalidId });
  });

  it('numbers the invoices of many first requests at once on two API instances without gaps or repeats', async () => {
    const orders: string[] = [];
    for (let index = 0; index < 12; index++) orders.push(await paidOrder(api.tokens.customer, 1));
    const before = await api.db.collection('invoices').countDocuments();
    // Every order asked for on both instances at the same moment (24 first requests in flight).
    const answers = await Promise.all(
      orders.flatMap((order) => [
        download(`/orders/${order}/invoice.pdf`, api.tokens.customer, api),
        download(`/orders/${order}/invoice.pdf`, api.tokens.admin, second),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const numbers = answers.map((answer) => numberIn(pdfText(answer.bytes)));
    const perOrder = orders.map((_, index) => numbers.slice(index * 2, index * 2 + 2));
    // Both instances gave each order the same invoice.
    for (const [fromFirst, fromSecond] of perOrder) expect(fromSecond).toBe(fromFirst);
    const issued = perOrder.map(([number]) => number ?? 0).sort((a, b) => a - b);
    expect(new Set(issued).size).toBe(orders.length);
    // Consecutive, following the invoices issued before: 1, 2, 3... with no gap.
    expect(issued).toEqual(issued.map((_, index) => before + 1 + index));
    expect(await api.db.collection('invoices').countDocuments()).toBe(before + orders.length);
  }, 60_000);

  it('prints the admin as nothing: the buyer is the order’s customer', async () => {
    const order = await paidOrder();
    const text = pdfText((await download(`/orders/${order}/invoice.pdf`, api.tokens.admin)).bytes);
    expect(text).toContain(CUSTOMER);
    expect(text).not.toContain(ADMIN);
  });

  it('is documented in OpenAPI: a binary PDF on 200, JSON errors', async () => {
    const document = (await api.request('GET', '/docs-json')).body;
    const operation = document.paths['/orders/{id}/invoice.pdf'].get;
    expect(operation.responses['200'].content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    for (const status of ['400', '404', '409']) {
      expect(Object.keys(operation.responses[status].content)).toEqual(['application/json']);
    }
  });
});
