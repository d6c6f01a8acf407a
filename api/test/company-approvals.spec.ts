// Spending limits and approvals of company orders: a buyer's order above what is left of their
// monthly limit (in the company's time zone), or any buyer's order when the company says so, waits
// for an owner or approver, holding its stock; approved it is paid as usual, declined its stock goes
// back and the buyer is told why. Also the company's PO-number rule and its invitations' upkeep.
import {
  ApprovalMessages,
  CompanyMessages,
  monthStartIn,
  type Company,
  type Order,
} from '@toolshop/contracts';
import { Types } from 'mongoose';
import { OrderExpiry } from '../src/orders/order-expiry';
import { joinCompany, userMaker, type TestUser as User } from './support/company-members';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher';
import { TestApi } from './support/test-api';

let smtp: SmtpCatcher;
let api: TestApi;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await TestApi.start({ SMTP_URL: smtp.url, OUTBOX_POLL_MS: '200' });
});
afterAll(() => Promise.all([api.stop(), smtp.close()]));

const freshUser = userMaker(() => api, 'approvals.test');

/** Joins `user` to the company with `role`. */
async function join(owner: User, companyId: string, user: User, role: string) {
  expect(await joinCompany(api, companyId, user, role, owner.email)).toBe(200);
}

/** A company with an owner, an approver and a buyer whose monthly limit is `limit` dollars. */
async function company(limit?: number) {
  const owner = freshUser('owner');
  const created = await api.request('POST', '/companies', {
    token: owner.token,
    body: { name: 'Baker Joinery' },
  });
  expect(created.status).toBe(201);
  const id = created.body.insertedId as string;
  const approver = freshUser('approver');
  const buyer = freshUser('buyer');
  await join(owner, id, approver, 'approver');
  await join(owner, id, buyer, 'buyer');
  if (limit !== undefined) {
    const set = await api.request('PATCH', `/companies/${id}/members/${buyer.email}`, {
      token: owner.token,
      body: { monthlyLimit: limit },
    });
    expect(set.status).toBe(200);
  }
  return { id, owner, approver, buyer };
}

const order = (user: User, toolId: string, quantity: number, extra: object = {}) =>
  api.request('POST', '/orders', {
    token: user.token,
    body: { toolId, address: '1 Saw Lane', phone: '555-0100', orderQuantity: quantity, ...extra },
  });
const quickOrder = (user: User, toolId: string, quantity: number, extra: object = {}) =>
  api.request('POST', '/quickOrders', {
    token: user.token,
    body: { lines: [{ toolId, quantity }], address: '1 Saw Lane', phone: '555', ...extra },
  });
const setSettings = (user: User, id: string, body: unknown) =>
  api.request('PATCH', `/companies/${id}`, { token: user.token, body });
const read = async (user: User, id: string) =>
  (await api.request('GET', `/orders/${id}`, { token: user.token })).body as Order;
const decide = (user: User | undefined, id: string, body: unknown) =>
  api.request('POST', `/orders/${id}/approval`, { token: user?.token, body });
const placed = async (user: User, toolId: string, quantity: number) => {
  const answer = await order(user, toolId, quantity);
  expect(answer.status).toBe(201);
  return answer.body.insertedId as string;
};

describe('spending limits', () => {
  it('places an order within the limit unpaid, and one above what is left awaiting approval', async () => {
    const { id, buyer } = await company(50);
    const toolId = await api.insertTool({ price: 20, available: 10 });
    const first = await placed(buyer, toolId, 2);
    expect(await read(buyer, first)).toMatchObject({ state: 'unpaid', companyId: id });
    // $40 spent of $50: another $20 is over.
    const second = await placed(buyer, toolId, 1);
    const waiting = await read(buyer, second);
    expect(waiting).toMatchObject({ state: 'awaiting_approval', allowedActions: ['cancel'] });
    // The stock is held while it waits.
    expect(await api.toolStock(toolId)).toBe(7);
    // Not payable until approved.
    const intent = await api.request('POST', '/create-payment-intent', {
      token: buyer.token,
      body: { orderId: second, totalPrice: 20 },
    });
    expect(intent.status).toBe(409);
    expect(intent.body.message).toBe(ApprovalMessages.awaiting);
    // The buyer is told it waits (not asked to pay).
    const [mail] = await smtp.waitFor((mails) =>
      mails.some((m) => m.to.includes(buyer.email) && /awaiting approval/i.test(m.subject)),
    );
    expect(mail).toBeDefined();
  });

  it('does the same for quick orders, and lets owners and approvers order without approval', async () => {
    const { id, owner, approver, buyer } = await company(10);
    const toolId = await api.insertTool({ price: 30, available: 20 });
    const quick = await quickOrder(buyer, toolId, 1);
    expect(quick.status).toBe(201);
    expect((await read(buyer, quick.body.insertedId)).state).toBe('awaiting_approval');
    // A limit given to an approver does not hold their own orders.
    await api.request('PATCH', `/companies/${id}/members/${approver.email}`, {
      token: owner.token,
      body: { monthlyLimit: 0 },
    });
    expect((await read(owner, await placed(owner, toolId, 3))).state).toBe('unpaid');
    expect((await read(approver, await placed(approver, toolId, 3))).state).toBe('unpaid');
  });

  it('without a limit orders go through, unless the company wants approval for all buyers', async () => {
    const { id, owner, buyer } = await company();
    const toolId = await api.insertTool({ price: 500, available: 20 });
    expect((await read(buyer, await placed(buyer, toolId, 4))).state).toBe('unpaid');
    const set = await setSettings(owner, id, { approvalFor: 'allBuyers' });
    expect(set.status).toBe(200);
    expect((await read(buyer, await placed(buyer, toolId, 1))).state).toBe('awaiting_approval');
    expect((await read(owner, await placed(owner, toolId, 1))).state).toBe('unpaid');
    const mine = await api.request('GET', '/companies/mine', { token: owner.token });
    expect(mine.body).toMatchObject({
      approvalFor: 'allBuyers',
      timeZone: 'UTC',
      purchaseOrderRequired: false,
    });
  });

  it('of two orders racing for the last of the limit, at most one goes through unapproved', async () => {
    const { buyer } = await company(100);
    const toolId = await api.insertTool({ price: 60, available: 50 });
    const answers = await Promise.all([1, 2, 3, 4].map(() => order(buyer, toolId, 1)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const states = await Promise.all(
      answers.map(async (answer) => (await read(buyer, answer.body.insertedId)).state),
    );
    expect(states.filter((state) => state === 'unpaid')).toHaveLength(1);
    expect(states.filter((state) => state === 'awaiting_approval')).toHaveLength(3);
  });

  it('counts this month in the company’s time zone, and not what was cancelled or declined', async () => {
    const { id, owner, buyer } = await company(100);
    const toolId = await api.insertTool({ price: 60, available: 50 });
    const zone = 'Pacific/Auckland';
    expect((await setSettings(owner, id, { timeZone: zone })).status).toBe(200);
    const start = monthStartIn(zone, new Date());
    const past = async (createdAt: Date, state = 'paid') =>
      api.db.collection('orders').insertOne({
        toolId: new Types.ObjectId(toolId),
        name: 'Test Drill',
        img: 'x',
        email: buyer.email,
        address: '1 Saw Lane',
        phone: '555',
        orderQuantity: 1,
        totalPrice: 60,
        state,
        paid: state === 'paid',
        shipped: false,
        companyId: new Types.ObjectId(id),
        createdAt,
      });
    // Last month there (a minute before midnight on the 1st, Auckland time): not counted.
    await past(new Date(start.getTime() - 60_000));
    // This month, but cancelled or declined: not counted.
    await past(new Date(start.getTime() + 60_000), 'cancelled');
    await past(new Date(start.getTime() + 60_000), 'declined');
    expect((await read(buyer, await placed(buyer, toolId, 1))).state).toBe('unpaid');
    // A paid order from the first minute of this month there counts: $120 > $100.
    await api.db.collection('orders').deleteMany({ email: buyer.email, state: 'unpaid' });
    await past(new Date(start.getTime() + 60_000));
    expect((await read(buyer, await placed(buyer, toolId, 1))).state).toBe('awaiting_approval');
  });

  it('refuses a bad time zone or approval rule, and settings from anyone but an owner', async () => {
    const { id, owner, buyer } = await company();
    const bad = await setSettings(owner, id, { timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(CompanyMessages.timeZoneInvalid);
    const rule = await setSettings(owner, id, { approvalFor: 'everyone' });
    expect(rule.status).toBe(400);
    expect(rule.body.message).toContain(CompanyMessages.approvalForInvalid);
    const empty = await setSettings(owner, id, {});
    expect(empty.status).toBe(400);
    expect((await setSettings(buyer, id, { timeZone: 'UTC' })).status).toBe(403);
    const stranger = freshUser('stranger');
    expect((await setSettings(stranger, id, { timeZone: 'UTC' })).status).toBe(404);
  });
});

describe('POST /orders/{id}/approval', () => {
  it('approves: the order is payable, the buyer is emailed, the approver’s list empties', async () => {
    const { id, owner, buyer } = await company(0);
    const toolId = await api.insertTool({ price: 25, available: 5 });
    const orderId = await placed(buyer, toolId, 2);
    const list = await api.request('GET', '/companies/mine/approvals', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ _id: orderId, email: buyer.email, totalPrice: 50 }),
    ]);
    const approved = await decide(owner, orderId, { approve: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ state: 'unpaid' });
    const after = await read(buyer, orderId);
    expect(after).toMatchObject({ state: 'unpaid', companyId: id });
    expect(after.allowedActions).toContain('pay');
    expect(after.timeline?.at(-1)).toMatchObject({
      event: 'approved',
      by: 'approver',
      actor: owner.email,
    });
    await smtp.waitFor((mails) =>
      mails.some((m) => m.to.includes(buyer.email) && /^Order approved/.test(m.subject)),
    );
    expect(
      (await api.request('GET', '/companies/mine/approvals', { token: owner.token })).body,
    ).toEqual([]);
    // Paid as any other order.
    await api.payByCard(orderId, buyer.token);
    expect((await read(buyer, orderId)).state).toBe('paid');
    expect(await api.toolStock(toolId)).toBe(3);
    // Decided once.
    const again = await decide(owner, orderId, { approve: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is not awaiting approval: it is paid');
  });

  it('declines with a reason: stock back, the reason on the order and in the email', async () => {
    const { approver, buyer } = await company(0);
    const toolId = await api.insertTool({ price: 25, available: 5 });
    const orderId = await placed(buyer, toolId, 3);
    expect(await api.toolStock(toolId)).toBe(2);
    const noReason = await decide(approver, orderId, { approve: false });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(ApprovalMessages.reasonRequired);
    const blank = await decide(approver, orderId, { approve: false, reason: '   ' });
    expect(blank.status).toBe(400);
    const tooLong = await decide(approver, orderId, { approve: false, reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect((await decide(approver, orderId, { approve: 'yes' })).status).toBe(400);
    const declined = await decide(approver, orderId, {
      approve: false,
      reason: ' Over budget this month ',
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ state: 'declined' });
    expect(await api.toolStock(toolId)).toBe(5);
    const after = await read(buyer, orderId);
    expect(after).toMatchObject({
      state: 'declined',
      declineReason: 'Over budget this month',
      allowedActions: [],
    });
    // It stays in the buyer's list with its reason.
    const own = await api.request('GET', `/orders?email=${buyer.email}`, { token: buyer.token });
    expect(own.body.map((o: Order) => o._id)).toContain(orderId);
    const [mail] = (
      await smtp.waitFor((mails) =>
        mails.some((m) => m.to.includes(buyer.email) && /^Order declined/.test(m.subject)),
      )
    ).filter((m) => m.to.includes(buyer.email) && /^Order declined/.test(m.subject));
    expect(mail!.text).toContain('Over budget this month');
    const intent = await api.request('POST', '/create-payment-intent', {
      token: buyer.token,
      body: { orderId, totalPrice: 75 },
    });
    expect(intent.status).toBe(409);
    // Decided once: no second release.
    expect((await decide(approver, orderId, { approve: false, reason: 'again' })).status).toBe(409);
    expect(await api.toolStock(toolId)).toBe(5);
  });

  it('of two approvers at once, one decides', async () => {
    const { owner, approver, buyer } = await company(0);
    const toolId = await api.insertTool({ price: 25, available: 5 });
    const orderId = await placed(buyer, toolId, 2);
    const answers = await Promise.all([
      decide(owner, orderId, { approve: true }),
      decide(approver, orderId, { approve: false, reason: 'No' }),
      decide(owner, orderId, { approve: false, reason: 'No' }),
      decide(approver, orderId, { approve: true }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const state = (await read(buyer, orderId)).state;
    expect(await api.toolStock(toolId)).toBe(state === 'declined' ? 5 : 3);
  });

  it('answers who may decide: the company’s owners and approvers only', async () => {
    const { owner, approver, buyer } = await company(0);
    const other = await company(0);
    const toolId = await api.insertTool({ price: 25, available: 50 });
    const orderId = await placed(buyer, toolId, 1);
    const customer = freshUser('customer');
    const expectations: Array<[User | undefined, number]> = [
      [undefined, 401],
      [buyer, 403],
      [other.owner, 404],
      [other.approver, 404],
      [customer, 404],
      [{ email: 'admin', token: api.tokens.admin }, 404],
    ];
    for (const [caller, status] of expectations)
      expect((await decide(caller, orderId, { approve: true })).status).toBe(status);
    // An approver's own order above a limit they were given never waits, so cannot be self-approved;
    // a second buyer of the company cannot decide a colleague's either.
    const colleague = freshUser('colleague');
    await join(owner, (await read(buyer, orderId)).companyId!, colleague, 'buyer');
    expect((await decide(colleague, orderId, { approve: true })).status).toBe(403);
    expect((await decide(approver, orderId, { approve: true })).status).toBe(200);
    const unknown = await decide(owner, new Types.ObjectId().toHexString(), { approve: true });
    expect(unknown.status).toBe(404);
    // A plain customer's order is no company's to approve.
    const plain = await placed(customer, toolId, 1);
    expect((await decide(owner, plain, { approve: true })).status).toBe(404);
    // Approvers' lists: not for buyers nor people in no company.
    expect(
      (await api.request('GET', '/companies/mine/approvals', { token: buyer.token })).status,
    ).toBe(403);
    expect(
      (await api.request('GET', '/companies/mine/approvals', { token: customer.token })).status,
    ).toBe(404);
  });

  it('expires an order awaiting approval like an unpaid one: stock back', async () => {
    const { buyer } = await company(0);
    const toolId = await api.insertTool({ price: 25, available: 5 });
    const orderId = await placed(buyer, toolId, 2);
    expect(await api.toolStock(toolId)).toBe(3);
    await api.app.get(OrderExpiry).sweep(new Date(Date.now() + 10 * 86_400_000));
    expect((await read(buyer, orderId)).state).toBe('expired');
    expect(await api.toolStock(toolId)).toBe(5);
  });
});

describe('company settings: PO numbers and invitations', () => {
  it('requires a PO number of the members of a company that asks for one', async () => {
    const { id, owner, buyer } = await company();
    const toolId = await api.insertTool({ price: 5, available: 50 });
    const set = await setSettings(owner, id, { purchaseOrderRequired: true });
    expect(set.status).toBe(200);
    for (const answer of [
      await order(buyer, toolId, 1),
      await order(owner, toolId, 1, { purchaseOrder: '  ' }),
      await quickOrder(buyer, toolId, 1),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(CompanyMessages.purchaseOrderRequired);
    }
    expect((await order(buyer, toolId, 1, { purchaseOrder: 'PO-17' })).status).toBe(201);
    expect((await quickOrder(buyer, toolId, 1, { purchaseOrder: 'PO-18' })).status).toBe(201);
    // Someone in no company is not asked for one.
    expect((await order(freshUser('plain'), toolId, 1)).status).toBe(201);
    const bad = await setSettings(owner, id, { purchaseOrderRequired: 'yes' });
    expect(bad.status).toBe(400);
  });

  /** Invites `email` and answers the token of the newest link caught for it. */
  async function invitedToken(owner: User, id: string, email: string) {
    const before = smtp.mails.filter((m) => m.to.includes(email)).length;
    const answer = await api.request('POST', `/companies/${id}/invitations`, {
      token: owner.token,
      body: { email, role: 'buyer' },
    });
    expect(answer.status).toBe(201);
    const mails = await smtp.waitFor(
      (caught) => caught.filter((m) => m.to.includes(email)).length > before,
    );
    const mail = mails.filter((m) => m.to.includes(email)).at(-1)!;
    return /\/dashboard\/company\/join\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  }

  it('replaces an earlier invitation of the same email, and owners can withdraw one', async () => {
    const { id, owner, buyer } = await company();
    const invitee = freshUser('invitee');
    const first = await invitedToken(owner, id, invitee.email);
    const second = await invitedToken(owner, id, invitee.email);
    const mine = (await api.request('GET', '/companies/mine', { token: owner.token }))
      .body as Company;
    expect(mine.invitations?.filter((i) => i.email === invitee.email)).toHaveLength(1);
    const stale = await api.request('POST', `/invitations/${first}/accept`, {
      token: invitee.token,
    });
    expect(stale.status).toBe(404);

    const path = `/companies/${id}/invitations/${invitee.email}`;
    expect((await api.request('DELETE', path, { token: buyer.token })).status).toBe(403);
    expect((await api.request('DELETE', path, { token: freshUser('x').token })).status).toBe(404);
    const withdrawn = await api.request('DELETE', path, { token: owner.token });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await api.request('DELETE', path, { token: owner.token })).status).toBe(404);
    const late = await api.request('POST', `/invitations/${second}/accept`, {
      token: invitee.token,
    });
    expect(late.status).toBe(404);
  });
});
