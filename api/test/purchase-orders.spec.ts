// A buyer's own purchase order (PO) number on an order: optional on POST /orders and
// POST /quickOrders, answered with the order, printed on its invoice and credit notes, a column of
// the admins' CSV, named in its emails, and what admins find the order by (GET /adminOrders?q=).
import { type Order, PurchaseOrderMessages } from '@toolshop/contracts';
import { pdfText } from './support/pdf-text';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher';
import { CUSTOMER, TestApi } from './support/test-api';

let api: TestApi;
let smtp: SmtpCatcher;
let toolId: string;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await TestApi.start({ SMTP_URL: smtp.url, OUTBOX_POLL_MS: '200' });
  toolId = await api.insertTool({ name: 'PO Test Drill', price: 20, available: 1000 });
});
afterAll(async () => {
  await api.stop();
  await smtp.close();
});

const placeOrder = (purchaseOrder: unknown) =>
  api.request('POST', '/orders', {
    token: api.tokens.customer,
    body: { toolId, address: '1 Main St', phone: '555-0100', orderQuantity: 1, purchaseOrder },
  });
const quickOrder = (purchaseOrder: unknown) =>
  api.request('POST', '/quickOrders', {
    token: api.tokens.customer,
    body: { lines: [{ toolId, quantity: 2 }], address: '1 Main St', phone: '555', purchaseOrder },
  });
const orderOf = async (id: string) =>
  (await api.request('GET', `/orders/${id}`, { token: api.tokens.customer })).body as Order;
const adminSearch = async (q: string) =>
  (
    await api.request('GET', `/adminOrders?q=${encodeURIComponent(q)}&limit=20`, {
      token: api.tokens.admin,
    })
  ).body as Order[];
const pdf = async (path: string) => {
  const answer = await fetch(`${api.url}${path}`, {
    headers: { authorization: `Bearer ${api.tokens.customer}` },
  });
  expect(answer.status).toBe(200);
  return pdfText(Buffer.from(await answer.arrayBuffer()));
};

it('keeps a PO number, trimmed, on an order and a quick order, and answers it', async () => {
  const single = await placeOrder('  PO-2026/0417 #3 ');
  expect(single.status).toBe(201);
  const quick = await quickOrder('ws_88.B');
  expect(quick.status).toBe(201);
  expect((await orderOf(single.body.insertedId)).purchaseOrder).toBe('PO-2026/0417 #3');
  expect((await orderOf(quick.body.insertedId)).purchaseOrder).toBe('ws_88.B');
  const own = await api.request('GET', `/orders?email=${encodeURIComponent(CUSTOMER)}`, {
    token: api.tokens.customer,
  });
  const listed = (own.body as Order[]).find((order) => order._id === quick.body.insertedId);
  expect(listed?.purchaseOrder).toBe('ws_88.B');
});

it('takes an order without one, or with a blank one, as an order without a PO number', async () => {
  for (const none of [undefined, null, '', '   ']) {
    const answer = await placeOrder(none);
    expect(answer.status).toBe(201);
    const order = await orderOf(answer.body.insertedId);
    expect(order).not.toHaveProperty('purchaseOrder');
  }
});

it('refuses a bad PO number on both endpoints with 400 and the rule’s message', async () => {
  for (const bad of [
    'PO<1>',
    'a\u0000b',
    'x'.repeat(36),
    'Bestellung ä',
    'line\nbreak',
    42,
    ['P1'],
  ]) {
    for (const answer of [await placeOrder(bad), await quickOrder(bad)]) {
      expect(answer.status).toBe(400);
      expect([answer.body.message].flat()).toContain(PurchaseOrderMessages.format);
    }
  }
});

it('prints it on the invoice and the credit note, and names it in the order’s emails', async () => {
  const placed = await placeOrder('AP-7731');
  const id = placed.body.insertedId as string;
  await api.payByCard(id);
  expect(await pdf(`/orders/${id}/invoice.pdf`)).toMatch(/PO number:\nAP-7731\n/);
  const refund = await api.request('POST', `/orders/${id}/refunds`, {
    token: api.tokens.admin,
    body: {},
  });
  expect(refund.status).toBe(201);
  expect(await pdf(`/orders/${id}/credit-note.pdf`)).toMatch(/PO number:\nAP-7731\n/);
  const { number } = await orderOf(id);
  const mails = await smtp.waitFor(
    (all) => all.filter((mail) => mail.text.includes(`Order number: ${number}`)).length >= 2,
  );
  const about = mails.filter((mail) => mail.text.includes(`Order number: ${number}`));
  expect(about.length).toBeGreaterThanOrEqual(2);
  for (const mail of about) expect(mail.text).toContain('PO number: AP-7731');
});

it('exports it as the CSV’s last column', async () => {
  const placed = await placeOrder('CSV-PO 1');
  const answer = await api.request('GET', '/adminOrders/export.csv?state=unpaid', {
    token: api.tokens.admin,
  });
  const rows = String(answer.body).split('\r\n');
  expect(rows[0]).toMatch(/,PO number$/);
  const row = rows.find((line) => line.includes(placed.body.insertedId as string));
  expect(row).toMatch(/,CSV-PO 1$/);
});

it('lets admins find orders by the exact PO number, beside the other searches', async () => {
  const first = (await placeOrder('100234')).body.insertedId as string;
  const second = (await quickOrder('100234')).body.insertedId as string;
  await placeOrder('100234-B');
  // A PO number that looks like an order number finds the orders that carry it.
  expect((await adminSearch('100234')).map((order) => order._id)).toEqual([second, first]);
  expect((await adminSearch(' 100234 ')).map((order) => order._id)).toEqual([second, first]);
  // Exact: no part, no other case.
  expect(await adminSearch('10023')).toEqual([]);
  const words = (await placeOrder('Shop Lane 7')).body.insertedId as string;
  expect((await adminSearch('shop lane 7')).map((order) => order._id)).not.toContain(words);
  expect((await adminSearch('Shop Lane 7')).map((order) => order._id)).toEqual([words]);
  // Other searches still work: the order number, the id, and ship-to words.
  const { number } = await orderOf(first);
  expect((await adminSearch(number!)).map((order) => order._id)).toEqual([first]);
  expect((await adminSearch(first)).map((order) => order._id)).toEqual([first]);
  expect((await adminSearch('main st')).length).toBeGreaterThan(0);
  // The state filter still applies.
  const paid = await api.request('GET', '/adminOrders?q=100234&state=paid', {
    token: api.tokens.admin,
  });
  expect(paid.body).toEqual([]);
});
