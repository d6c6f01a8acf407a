import {
  ApiMessages,
  BillingMessages,
  formatInvoiceNumber,
  InvoiceMessages,
  SELLER,
} from '@toolshop/contracts';
import { Types } from 'mongoose';
import { pdfText } from './support/pdf-text';
import { ADMIN, CUSTOMER, TestApi } from './support/test-api';

/** GET /orders/{id}/invoice.pdf. */
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
      // The order's human number, as every page and email names it.
      (await api.db.collection('orders').findOne({ _id: new Types.ObjectId(order) }))!.number,
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

  it('is issued when the order is paid: numbers in payment order, the buyer as at payment', async () => {
    const tool = await api.insertTool({ name: 'Paid-first Planer', price: 30 });
    const older = await api.placeOrder(tool, api.tokens.other, 1);
    const newer = await api.placeOrder(tool, api.tokens.other, 1);
    const five = {
      email: 'other@toolshop.test',
      location: '7 Mill Road, Leeds',
      phone: '+44 113 496 0000',
      education: 'Apprenticeship',
      linkedIn: 'https://www.linkedin.com/in/olivia',
    };
    const profile = (company: string) =>
      api.request('PUT', `/users?email=${five.email}`, {
        token: api.tokens.other,
        body: { ...five, company },
      });
    expect((await profile('Joinery At Payment Ltd')).status).toBe(200);
    await api.payByCard(newer, api.tokens.other);
    await api.payByCard(older, api.tokens.other);
    const numberOf = async (order: string) =>
      (await api.request('GET', `/orders/${order}`, { token: api.tokens.other })).body
        .invoiceNumber as number;
    // The order paid first has the lower number, though it was placed later.
    expect(await numberOf(older)).toBe((await numberOf(newer)) + 1);
    // Renamed after paying: the invoice keeps the company as it was.
    expect((await profile('Renamed Later Ltd')).status).toBe(200);
    const text = pdfText((await download(`/orders/${older}/invoice.pdf`, api.tokens.other)).bytes);
    expect(numberIn(text)).toBe(await numberOf(older));
    expect(text).toContain('Joinery At Payment Ltd');
    expect(text).not.toContain('Renamed Later Ltd');
  });

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

describe('the profile’s company name and tax id', () => {
  const OTHER_EMAIL = 'other@toolshop.test';
  const five = {
    email: OTHER_EMAIL,
    location: '7 Mill Road, Leeds',
    phone: '+44 113 496 0000',
    education: 'Apprenticeship',
    linkedIn: 'https://www.linkedin.com/in/olivia',
  };
  const put = (body: object) =>
    api.request('PUT', `/users?email=${OTHER_EMAIL}`, { token: api.tokens.other, body });
  const profile = async () =>
    (await api.request('GET', `/users?email=${OTHER_EMAIL}`, { token: api.tokens.other }))
      .body[0] as Record<string, unknown>;

  it('are saved with the five fields, shown in the profile and printed on the next invoice', async () => {
    const saved = await put({
      ...five,
      company: '  Olivia Joinery Ltd ',
      taxId: 'GB 123/456.78-9',
    });
    expect(saved.status).toBe(200);
    expect(await profile()).toMatchObject({
      ...five,
      company: 'Olivia Joinery Ltd',
      taxId: 'GB 123/456.78-9',
    });

    const order = await paidOrder(api.tokens.other);
    const text = pdfText((await download(`/orders/${order}/invoice.pdf`, api.tokens.other)).bytes);
    expect(text).toContain('Olivia Joinery Ltd');
    expect(text).toContain('Tax ID: GB 123/456.78-9');

    // Left out: unchanged; empty: removed.
    expect((await put(five)).status).toBe(200);
    expect(await profile()).toMatchObject({ company: 'Olivia Joinery Ltd' });
    expect((await put({ ...five, company: '', taxId: ' ' })).status).toBe(200);
    const cleared = await profile();
    expect(cleared).not.toHaveProperty('company');
    expect(cleared).not.toHaveProperty('taxId');
    expect(cleared).toMatchObject(five);
  });

  it.each([
    [{ ...five, company: 'x'.repeat(121) }, BillingMessages.companyTooLong],
    [{ ...five, taxId: 'A'.repeat(33) }, BillingMessages.taxIdTooLong],
    [{ ...five, taxId: 'DE<script>' }, BillingMessages.taxIdFormat],
    [{ ...five, taxId: '-12' }, BillingMessages.taxIdFormat],
    [{ ...five, company: { $ne: '' } }, BillingMessages.notText],
    [{ email: OTHER_EMAIL, company: 'Only this' }, ApiMessages.profileIncomplete],
  ])('refuses %j with 400 and a message', async (body, message) => {
    const answer = await put(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, message });
  });
});
