// Pay on account: an admin grants a company net terms (30 or 60 days) and a credit limit; its
// orders then skip the card and go on account, due after the net days, counting against the credit
// until an admin records the payment. An order beyond the credit left is refused (409); an overdue
// order gets one reminder email.
import { AccountMessages, isOverdue, type Order } from '@toolshop/contracts';
import { Types } from 'mongoose';
import { invoiceDate } from '../src/invoices/invoice-pdf';
import { OrderExpiry } from '../src/orders/order-expiry';
import { joinCompany, userMaker, type TestUser as User } from './support/company-members';
import { pdfText } from './support/pdf-text';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher';
import { TestApi } from './support/test-api';

let smtp: SmtpCatcher;
let api: TestApi;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await TestApi.start({ SMTP_URL: smtp.url, OUTBOX_POLL_MS: '200' });
});
afterAll(() => Promise.all([api.stop(), smtp.close()]));

const DAY_MS = 86_400_000;
const user = userMaker(() => api, 'terms.test');

/** A company (owner and buyer) with net terms of `netDays` and `creditLimit` dollars. */
async function companyOnTerms(netDays = 30, creditLimit = 100) {
  const owner = user('owner');
  const created = await api.request('POST', '/companies', {
    token: owner.token,
    body: { name: 'Terms Joinery' },
  });
  const id = created.body.insertedId as string;
  const buyer = user('buyer');
  expect(await joinCompany(api, id, buyer, 'buyer', owner.email)).toBe(200);
  const terms = await setTerms(id, { netDays, creditLimit });
  expect(terms.status).toBe(200);
  return { id, owner, buyer };
}

const setTerms = (id: string, body: unknown, token = api.tokens.admin) =>
  api.request('PUT', `/admin/companies/${id}/terms`, { token, body });
const order = (buyer: User, toolId: string, quantity: number) =>
  api.request('POST', '/orders', {
    token: buyer.token,
    body: { toolId, address: '1 Saw Lane', phone: '555', orderQuantity: quantity },
  });
const read = async (who: User, id: string) =>
  (await api.request('GET', `/orders/${id}`, { token: who.token })).body as Order;
const recordPayment = (id: string, token = api.tokens.admin) =>
  api.request('POST', `/admin/orders/${id}/payment`, { token });

it('lets only admins grant net terms of 30 or 60 days and a whole-dollar credit limit', async () => {
  const { id, owner } = await companyOnTerms(60, 500);
  const mine = await api.request('GET', '/companies/mine', { token: owner.token });
  expect(mine.body.terms).toEqual({ netDays: 60, creditLimit: 500 });
  const days = await setTerms(id, { netDays: 45, creditLimit: 100 });
  expect(days.status).toBe(400);
  expect(days.body.message).toContain(AccountMessages.netDaysInvalid);
  const credit = await setTerms(id, { netDays: 30, creditLimit: -1 });
  expect(credit.status).toBe(400);
  expect(credit.body.message).toContain(AccountMessages.creditLimitInvalid);
  expect((await setTerms(id, { netDays: 30, creditLimit: 1.5 })).status).toBe(400);
  expect((await setTerms(id, { netDays: 30, creditLimit: 100 }, owner.token)).status).toBe(403);
  expect(
    (await setTerms(new Types.ObjectId().toHexString(), { netDays: 30, creditLimit: 1 })).status,
  ).toBe(404);
});

it('puts an order on account, due after the net days; the card is not asked for', async () => {
  const { buyer } = await companyOnTerms(30, 100);
  const toolId = await api.insertTool({ price: 30, available: 10 });
  const before = Date.now();
  const placed = await order(buyer, toolId, 2);
  expect(placed.status).toBe(201);
  const onAccount = await read(buyer, placed.body.insertedId);
  expect(onAccount).toMatchObject({ state: 'on_account', paid: false, allowedActions: [] });
  expect(onAccount.reservedUntil).toBeUndefined();
  const due = new Date(onAccount.dueAt!).getTime();
  expect(due).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
  expect(due).toBeLessThan(Date.now() + 30 * DAY_MS + 1000);
  expect(isOverdue(onAccount)).toBe(false);
  expect(await api.toolStock(toolId)).toBe(8);
  const intent = await api.request('POST', '/create-payment-intent', {
    token: buyer.token,
    body: { orderId: placed.body.insertedId, totalPrice: 60 },
  });
  expect(intent.status).toBe(409);
  expect(intent.body.message).toBe(AccountMessages.onAccount);
  await smtp.waitFor((mails) =>
    mails.some((m) => m.to.includes(buyer.email) && /^Order on account/.test(m.subject)),
  );
});

it('invoices an order on account before it is paid, with its due date', async () => {
  const { buyer } = await companyOnTerms(60, 500);
  const toolId = await api.insertTool({ price: 45, available: 10 });
  const id = (await order(buyer, toolId, 2)).body.insertedId as string;
  const due = new Date((await read(buyer, id)).dueAt!);
  const response = await fetch(`${api.url}/orders/${id}/invoice.pdf`, {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  expect(response.status).toBe(200);
  const text = pdfText(Buffer.from(await response.arrayBuffer()));
  const dueText = invoiceDate(due);
  expect(text).toContain(`Due date`);
  expect(text).toContain(`On account: payment due by ${dueText}.`);
  const number = /INV-(\d{6})/.exec(text)?.[1];
  // Its payment, recorded later, keeps the one invoice.
  await recordPayment(id);
  expect((await read(buyer, id)).invoiceNumber).toBe(Number(number));
});

it('refuses an order beyond the credit left, until an admin records a payment', async () => {
  const { buyer } = await companyOnTerms(30, 100);
  const toolId = await api.insertTool({ price: 60, available: 10 });
  const first = await order(buyer, toolId, 1);
  expect(first.status).toBe(201);
  const second = await order(buyer, toolId, 1);
  expect(second.status).toBe(409);
  expect(second.body.message).toBe(AccountMessages.overCredit(40));
  // The refused order took no stock.
  expect(await api.toolStock(toolId)).toBe(9);

  expect((await recordPayment(first.body.insertedId, buyer.token)).status).toBe(403);
  const recorded = await recordPayment(first.body.insertedId);
  expect(recorded.status).toBe(200);
  expect(recorded.body).toEqual({ state: 'paid' });
  const paid = await read(buyer, first.body.insertedId);
  expect(paid).toMatchObject({ state: 'paid', paid: true });
  expect(paid.invoiceNumber).toEqual(expect.any(Number));
  expect(paid.timeline?.at(-1)).toMatchObject({ event: 'paid', by: 'admin' });
  const again = await recordPayment(first.body.insertedId);
  expect(again.status).toBe(409);
  // The credit is free again.
  expect((await order(buyer, toolId, 1)).status).toBe(201);
});

it('of orders racing for the last of the credit, only what fits goes on account', async () => {
  const { buyer } = await companyOnTerms(30, 100);
  const toolId = await api.insertTool({ price: 60, available: 10 });
  const answers = await Promise.all([1, 2, 3].map(() => order(buyer, toolId, 1)));
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  expect(await api.toolStock(toolId)).toBe(9);
});

it('puts an approved order on account, within the credit', async () => {
  const { id, owner, buyer } = await companyOnTerms(60, 100);
  await api.request('PATCH', `/companies/${id}/members/${buyer.email}`, {
    token: owner.token,
    body: { monthlyLimit: 0 },
  });
  const toolId = await api.insertTool({ price: 60, available: 10 });
  const placed = await order(buyer, toolId, 1);
  expect((await read(buyer, placed.body.insertedId)).state).toBe('awaiting_approval');
  const approved = await api.request('POST', `/orders/${placed.body.insertedId}/approval`, {
    token: owner.token,
    body: { approve: true },
  });
  expect(approved.body).toEqual({ state: 'on_account' });
  const onAccount = await read(buyer, placed.body.insertedId);
  expect(onAccount.state).toBe('on_account');
  expect(new Date(onAccount.dueAt!).getTime()).toBeGreaterThan(Date.now() + 59 * DAY_MS);
  // A second one would pass the credit: its approval is refused, it keeps waiting.
  const next = await order(buyer, toolId, 1);
  const refused = await api.request('POST', `/orders/${next.body.insertedId}/approval`, {
    token: owner.token,
    body: { approve: true },
  });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(AccountMessages.overCredit(40));
  expect((await read(buyer, next.body.insertedId)).state).toBe('awaiting_approval');
});

it('reminds of an overdue order once, across sweeps, and shows it overdue', async () => {
  const { buyer } = await companyOnTerms(30, 100);
  const toolId = await api.insertTool({ price: 20, available: 10 });
  const placed = await order(buyer, toolId, 1);
  const id = placed.body.insertedId as string;
  await api.db
    .collection('orders')
    .updateOne({ _id: new Types.ObjectId(id) }, { $set: { dueAt: new Date(Date.now() - DAY_MS) } });
  const expiry = api.app.get(OrderExpiry);
  await Promise.all([expiry.sweep(new Date()), expiry.sweep(new Date())]);
  await expiry.sweep(new Date(Date.now() + 1000));
  const reminders = () =>
    smtp.mails.filter((m) => m.to.includes(buyer.email) && /^Invoice overdue/.test(m.subject));
  await smtp.waitFor(() => reminders().length > 0);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(reminders()).toHaveLength(1);
  expect(isOverdue(await read(buyer, id))).toBe(true);
  // Still on account (counted against the credit), not expired.
  expect((await read(buyer, id)).state).toBe('on_account');
});
