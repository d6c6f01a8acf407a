// The declared order lifecycle over HTTP against the real database: refunds through the payment
// provider (the test provider, which keeps Stripe's rules), delivery, the 409s of changes the
// lifecycle does not allow, races between changes, and the emails each step sends.
import { formatCreditNoteNumber, formatInvoiceNumber } from '@toolshop/contracts';
import { pdfText } from './support/pdf-text';
import { ADMIN, CUSTOMER, TestApi } from './support/test-api';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from './support/smtp-catcher';

let smtp: SmtpCatcher;
let api: TestApi;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await TestApi.start({ SMTP_URL: smtp.url, OUTBOX_POLL_MS: '200' });
});
afterAll(async () => {
  await api.stop();
  await smtp.close();
});

let tools = 0;
/** An order of 3 of a new tool ($20 each, 10 in stock), paid by card. */
async function paidOrder() {
  const name = `Lifecycle Saw ${++tools}`;
  const toolId = await api.insertTool({ name, price: 20, minOrder: 1, available: 10 });
  const id = await api.placeOrder(toolId, api.tokens.customer, 3);
  const transactionId = await api.payByCard(id);
  return { id, toolId, name, transactionId };
}
const refund = (id: string, body: object = {}, token = api.tokens.admin) =>
  api.request('POST', `/orders/${id}/refunds`, { token, body });
const ship = (id: string) =>
  api.request('PATCH', `/adminOrders/${id}`, { token: api.tokens.admin, body: {} });
const deliver = (id: string, token = api.tokens.admin) =>
  api.request('POST', `/adminOrders/${id}/delivery`, { token });
const order = async (id: string, token = api.tokens.customer) =>
  (await api.request('GET', `/orders/${id}`, { token })).body;
const about = (name: string) => (mails: CaughtMail[]) =>
  mails.filter((mail) => mail.subject.includes(name));

describe('refunds', () => {
  it('refunds a paid order through the provider: stock back, timeline, email, answered state', async () => {
    const { id, toolId, name, transactionId } = await paidOrder();
    expect(await api.toolStock(toolId)).toBe(7);
    const answer = await refund(id, { reason: '  Customer changed their mind ' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      refundId: expect.stringMatching(/^re_test_/),
      amount: 60,
      creditNoteNumber: expect.any(Number),
    });
    expect(await api.toolStock(toolId)).toBe(10);

    const refunded = await order(id);
    expect(refunded).toMatchObject({ state: 'refunded', paid: true, allowedActions: [] });
    // The customer sees the refund and its credit note, not which admin made it.
    expect(refunded.refunds).toEqual([
      {
        amount: 60,
        lines: [{ toolId, quantity: 3 }],
        reason: 'Customer changed their mind',
        status: 'succeeded',
        at: expect.any(String),
        id: answer.body.refundId,
        creditNoteNumber: answer.body.creditNoteNumber,
      },
    ]);
    const note = await fetch(`${api.url}/orders/${id}/credit-note.pdf`, {
      headers: { authorization: `Bearer ${api.tokens.customer}` },
    });
    expect(note.status).toBe(200);
    const noteText = pdfText(Buffer.from(await note.arrayBuffer()));
    expect(noteText).toContain(formatCreditNoteNumber(answer.body.creditNoteNumber));
    expect(noteText).toContain(formatInvoiceNumber(refunded.invoiceNumber));
    expect(noteText).toContain('-$60');
    expect(refunded.timeline.at(-1)).toEqual({
      event: 'refunded',
      at: expect.any(String),
      by: 'admin',
      actor: ADMIN,
      amount: 60,
      reason: 'Customer changed their mind',
    });
    // The provider holds one refund of the whole amount.
    const intent = await api.db
      .collection('test_payment_intents')
      .findOne({ _id: transactionId as never });
    expect(Object.values(intent?.refunds ?? {})).toEqual([
      { id: answer.body.refundId, amount: 6000, status: 'succeeded' },
    ]);
    // It stays in My Orders (the customer sees what happened to their money).
    const own = await api.request('GET', `/orders?email=${CUSTOMER}`, {
      token: api.tokens.customer,
    });
    expect(own.body.find((listed: { _id: string }) => listed._id === id)?.state).toBe('refunded');

    const mails = about(name)(
      await smtp.waitFor((all) => about(name)(all).some((mail) => /refunded/.test(mail.subject))),
    );
    const mail = mails.find((caught) => /refunded/.test(caught.subject))!;
    expect(mail.subject).toBe(`Your order of ${name} was refunded`);
    expect(mail.to).toEqual([CUSTOMER]);
    expect(mail.text).toContain('Amount refunded: $60');
    expect(mail.text).toContain('Reason: Customer changed their mind');
  });

  it('keeps the stock out when the refunded order had shipped', async () => {
    const { id, toolId } = await paidOrder();
    expect((await ship(id)).status).toBe(200);
    expect((await refund(id)).status).toBe(201);
    expect(await api.toolStock(toolId)).toBe(7);
    expect((await order(id)).state).toBe('refunded');
  });

  it('refunds once when five admins ask at the same moment; the others get a 409', async () => {
    const { id, toolId, transactionId } = await paidOrder();
    const notesBefore = await api.db.collection('credit_notes').countDocuments();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => refund(id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect([
        'This order is already refunded',
        'A refund of this order is being made right now; reload in a moment',
      ]).toContain(refused.body.message);
    expect(await api.toolStock(toolId)).toBe(10);
    const intent = await api.db
      .collection('test_payment_intents')
      .findOne({ _id: transactionId as never });
    expect(Object.keys(intent?.refunds ?? {})).toHaveLength(1);
    expect(await api.db.collection('credit_notes').countDocuments()).toBe(notesBefore + 1);
  });

  it('of a refund and a shipment at the same moment, both orders of events keep stock right', async () => {
    const { id, toolId } = await paidOrder();
    const [refunded, shipped] = await Promise.all([refund(id), ship(id)]);
    // The refund always lands (from paid or from shipped); the shipment only if it came first.
    expect(refunded.status).toBe(201);
    expect((await order(id)).state).toBe('refunded');
    if (shipped.status === 200) {
      expect(await api.toolStock(toolId)).toBe(7);
    } else {
      expect(shipped.status).toBe(409);
      expect(shipped.body.message).toBe(
        'This order is refunded: it cannot be approved for shipping',
      );
      expect(await api.toolStock(toolId)).toBe(10);
    }
  });

  it('refuses an unpaid order, a customer, an unknown order and a bad reason, clearly', async () => {
    const toolId = await api.insertTool({ available: 5 });
    const unpaid = await api.placeOrder(toolId, api.tokens.customer, 1);
    const notPaid = await refund(unpaid);
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe('Only a paid order can be refunded');
    expect((await order(unpaid)).state).toBe('unpaid');

    const { id } = await paidOrder();
    const noNote = await api.request('GET', `/orders/${id}/credit-note.pdf`, {
      token: api.tokens.customer,
    });
    expect(noNote.status).toBe(409);
    expect(noNote.body.message).toBe(
      'A credit note is issued when an order is refunded: this order was not',
    );
    expect((await refund(id, {}, api.tokens.customer)).status).toBe(403);
    expect((await refund('0123456789abcdef01234567')).status).toBe(404);
    const tooLong = await refund(id, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect([tooLong.body.message].flat().join(' ')).toContain('at most 500 characters');
    expect((await refund(id, { reason: { $gt: '' } })).status).toBe(400);
    expect((await order(id)).state).toBe('paid');
  });

  it('puts a refund the provider refuses back as it was, and says why', async () => {
    const { id, transactionId } = await paidOrder();
    // Refunded at the provider by someone else (its dashboard): nothing is left to refund.
    await api.db.collection('test_payment_intents').updateOne(
      { _id: transactionId as never },
      {
        $set: { 'refunds.elsewhere': { id: 're_elsewhere', amount: 6000, status: 'succeeded' } },
      },
    );
    const answer = await refund(id);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/^The payment provider refused the refund: /);
    const after = await order(id);
    expect(after.state).toBe('paid');
    expect(after.allowedActions).toEqual([]);
    expect(after.timeline.map((entry: { event: string }) => entry.event)).toEqual([
      'placed',
      'paid',
    ]);
    const forAdmin = await order(id, api.tokens.admin);
    expect(forAdmin.allowedActions).toEqual(['ship', 'refund', 'refundPart']);
  });
});

describe('refunds of some units', () => {
  const pdfOf = async (id: string, query = '') => {
    const note = await fetch(`${api.url}/orders/${id}/credit-note.pdf${query}`, {
      headers: { authorization: `Bearer ${api.tokens.customer}` },
    });
    return { status: note.status, text: pdfText(Buffer.from(await note.arrayBuffer())) };
  };

  it('refunds a unit, then the rest: the order goes on, each refund with its credit note and email', async () => {
    const { id, toolId, name, transactionId } = await paidOrder();
    const first = await refund(id, {
      lines: [{ toolId, quantity: 1 }],
      reason: 'One arrived bent',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amount: 20 });
    // The unit never left the warehouse: back in stock; the rest still ships.
    expect(await api.toolStock(toolId)).toBe(8);
    const part = await order(id, api.tokens.admin);
    expect(part).toMatchObject({ state: 'paid', allowedActions: ['ship', 'refund', 'refundPart'] });
    expect(part.refunds).toEqual([
      expect.objectContaining({
        amount: 20,
        lines: [{ toolId, quantity: 1 }],
        status: 'succeeded',
      }),
    ]);
    expect(part.timeline.at(-1)).toMatchObject({
      event: 'refunded_in_part',
      amount: 20,
      lines: [{ toolId, quantity: 1 }],
    });
    expect((await ship(id)).status).toBe(200);

    // Two more than are left: refused, nothing changes.
    const tooMany = await refund(id, { lines: [{ toolId, quantity: 3 }] });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(`Only 2 of ${name} can still be refunded`);
    const rest = await refund(id);
    expect(rest.status).toBe(201);
    expect(rest.body.amount).toBe(40);
    // Shipped units stay with the customer: no stock back for them.
    expect(await api.toolStock(toolId)).toBe(8);
    const done = await order(id);
    expect(done.state).toBe('refunded');
    expect(done.refunds.map((each: { amount: number }) => each.amount)).toEqual([20, 40]);
    const intent = await api.db
      .collection('test_payment_intents')
      .findOne({ _id: transactionId as never });
    expect(
      Object.values(intent?.refunds ?? {}).map((each) => (each as { amount: number }).amount),
    ).toEqual([2000, 4000]);

    // A credit note per refund, each for its own units; without a number, the latest.
    const [one, two] = done.refunds.map(
      (each: { creditNoteNumber: number }) => each.creditNoteNumber,
    );
    expect(two).toBe(one + 1);
    const firstNote = await pdfOf(id, `?number=${one}`);
    expect(firstNote.status).toBe(200);
    expect(firstNote.text).toContain(formatCreditNoteNumber(one));
    expect(firstNote.text).toContain('-$20');
    const latest = await pdfOf(id);
    expect(latest.text).toContain(formatCreditNoteNumber(two));
    expect(latest.text).toContain('-$40');
    expect((await pdfOf(id, '?number=999999')).status).toBe(404);
    expect((await pdfOf(id, '?number=0')).status).toBe(400);

    const subjects = about(name)(
      await smtp.waitFor(
        (all) => about(name)(all).filter((mail) => /refunded/.test(mail.subject)).length >= 2,
      ),
    );
    const partMail = subjects.find((mail) => mail.subject.startsWith('Part of'))!;
    expect(partMail.subject).toBe(`Part of your order of ${name} was refunded`);
    expect(partMail.text).toContain(`1 × ${name}`);
    expect(partMail.text).toContain('Amount refunded: $20');
    expect(subjects.map((mail) => mail.subject)).toContain(`Your order of ${name} was refunded`);
  });

  it('refunds each line of a multi-line order apart, and refuses products it does not have', async () => {
    const drill = await api.insertTool({
      name: 'Part Drill',
      price: 30,
      minOrder: 1,
      available: 10,
    });
    const saw = await api.insertTool({ name: 'Part Saw', price: 10, minOrder: 1, available: 10 });
    const placed = await api.request('POST', '/quickOrders', {
      token: api.tokens.customer,
      body: {
        lines: [
          { toolId: drill, quantity: 2 },
          { toolId: saw, quantity: 5 },
        ],
        address: '1 Main St',
        phone: '5550100',
      },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    await api.payByCard(id);
    const other = await api.insertTool({ available: 5 });
    const foreign = await refund(id, { lines: [{ toolId: other, quantity: 1 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('This order has no such product');
    const twice = await refund(id, {
      lines: [
        { toolId: saw, quantity: 1 },
        { toolId: saw, quantity: 1 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Name each product once');
    for (const lines of [[], [{ toolId: saw, quantity: 0 }], [{ toolId: 'x', quantity: 1 }], 'all'])
      expect((await refund(id, { lines })).status).toBe(400);

    const saws = await refund(id, { lines: [{ toolId: saw, quantity: 5 }] });
    expect(saws.body.amount).toBe(50);
    expect(await api.toolStock(saw)).toBe(10);
    expect(await api.toolStock(drill)).toBe(8);
    const again = await refund(id, { lines: [{ toolId: saw, quantity: 1 }] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Part Saw is already refunded');
    const drills = await refund(id, { lines: [{ toolId: drill, quantity: 2 }] });
    expect(drills.body.amount).toBe(60);
    expect((await order(id)).state).toBe('refunded');
  });

  it('of two part refunds at the same moment, never gives back more than was paid', async () => {
    const { id, toolId, transactionId } = await paidOrder();
    const answers = await Promise.all(
      [2, 2, 2].map((quantity) => refund(id, { lines: [{ toolId, quantity }] })),
    );
    const made = answers.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(1);
    expect(await api.toolStock(toolId)).toBe(9);
    const intent = await api.db
      .collection('test_payment_intents')
      .findOne({ _id: transactionId as never });
    expect(Object.keys(intent?.refunds ?? {})).toHaveLength(1);
    expect((await order(id)).refunds).toHaveLength(1);
  });
});

describe('delivery and the other changes', () => {
  it('marks a shipped order delivered once, then allows only a refund', async () => {
    const { id, name } = await paidOrder();
    const early = await deliver(id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This order is paid: it cannot be marked delivered');
    await ship(id);
    expect((await deliver(id, api.tokens.customer)).status).toBe(403);
    const delivered = await deliver(id);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const again = await deliver(id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is already marked delivered');
    const shown = await order(id, api.tokens.admin);
    expect(shown).toMatchObject({
      state: 'delivered',
      shipped: true,
      allowedActions: ['refund', 'refundPart'],
    });
    expect(shown.timeline.map((entry: { event: string }) => entry.event)).toEqual([
      'placed',
      'paid',
      'shipped',
      'delivered',
    ]);
    const listed = await api.request('GET', '/adminOrders?state=delivered', {
      token: api.tokens.admin,
    });
    expect(listed.body.map((entry: { _id: string }) => entry._id)).toContain(id);
    await smtp.waitFor((all) =>
      about(name)(all).some((mail) => mail.subject === `Your order of ${name} was delivered`),
    );
  });

  it('will not take a payment for a cancelled order', async () => {
    const toolId = await api.insertTool({ available: 5 });
    const id = await api.placeOrder(toolId, api.tokens.customer, 1);
    await api.request('DELETE', `/orders/${id}`, { token: api.tokens.customer });
    const intent = await api.request('POST', '/create-payment-intent', {
      token: api.tokens.customer,
      body: { orderId: id, totalPrice: 1 },
    });
    expect(intent.status).toBe(409);
    expect(intent.body.message).toBe('This order is canceled: it cannot be paid');
  });

  it('answers each list’s order with the asking role’s actions', async () => {
    const toolId = await api.insertTool({ available: 5 });
    const id = await api.placeOrder(toolId, api.tokens.customer, 1);
    const own = await api.request('GET', `/orders?email=${CUSTOMER}`, {
      token: api.tokens.customer,
    });
    expect(own.body.find((entry: { _id: string }) => entry._id === id)?.allowedActions).toEqual([
      'pay',
      'cancel',
    ]);
    const all = await api.request('GET', '/adminOrders?state=unpaid', { token: api.tokens.admin });
    expect(all.body.find((entry: { _id: string }) => entry._id === id)?.allowedActions).toEqual([
      'cancel',
    ]);
  });
});

describe('returns', () => {
  const askReturn = (
    id: string,
    body: object = { reason: 'Too heavy for my bench' },
    token = api.tokens.customer,
  ) => api.request('POST', `/orders/${id}/returns`, { token, body });
  const decide = (id: string, body: object) =>
    api.request('PATCH', `/returns/${id}`, { token: api.tokens.admin, body });
  /** A paid order of 3 units, shipped and delivered. */
  async function deliveredOrder() {
    const paid = await paidOrder();
    await ship(paid.id);
    await deliver(paid.id);
    return paid;
  }

  it('goes request → approve → receive, which refunds the order and puts the units back', async () => {
    const { id, toolId, name } = await deliveredOrder();
    expect(await api.toolStock(toolId)).toBe(7);
    expect((await order(id)).allowedActions).toEqual(['requestReturn']);
    const asked = await askReturn(id);
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ returnId: id });
    const requested = await order(id);
    expect(requested).toMatchObject({ state: 'return_requested', allowedActions: [] });
    expect(requested.timeline.at(-1)).toMatchObject({
      event: 'return_requested',
      by: 'customer',
      reason: 'Too heavy for my bench',
    });
    expect((await order(id, api.tokens.admin)).allowedActions).toEqual([
      'approveReturn',
      'rejectReturn',
    ]);
    expect((await decide(id, { decision: 'receive' })).status).toBe(409);
    expect((await decide(id, { decision: 'approve' })).status).toBe(200);
    const received = await decide(id, { decision: 'receive' });
    expect(received.body).toMatchObject({ modifiedCount: 1 });
    expect(received.status).toBe(200);
    expect(received.body.refund).toMatchObject({ amount: 60 });
    expect(await api.toolStock(toolId)).toBe(10);
    const done = await order(id);
    expect(done.state).toBe('refunded');
    expect(done.timeline.map((entry: { event: string }) => entry.event)).toEqual([
      'placed',
      'paid',
      'shipped',
      'delivered',
      'return_requested',
      'return_approved',
      'return_received',
      'refunded',
    ]);
    const subjects = about(name)(
      await smtp.waitFor(
        (all) => about(name)(all).filter((mail) => /return/i.test(mail.subject)).length >= 2,
      ),
    ).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `We received your return request: ${name}`,
        `Your return is approved: ${name}`,
      ]),
    );
  });

  it('returns one unit: refunded on receipt, back in stock, and the order is delivered again', async () => {
    const { id, toolId, name } = await deliveredOrder();
    const tooMany = await askReturn(id, {
      reason: 'One too many',
      lines: [{ toolId, quantity: 4 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`Only 3 of ${name} can still be returned`);
    const asked = await askReturn(id, { reason: 'One too many', lines: [{ toolId, quantity: 1 }] });
    expect(asked.status).toBe(201);
    expect((await order(id)).timeline.at(-1)).toMatchObject({
      event: 'return_requested',
      lines: [{ toolId, quantity: 1 }],
    });
    expect((await decide(id, { decision: 'approve' })).status).toBe(200);
    const received = await decide(id, { decision: 'receive' });
    expect(received.body.refund).toMatchObject({ amount: 20 });
    expect(await api.toolStock(toolId)).toBe(8);
    const after = await order(id);
    expect(after).toMatchObject({ state: 'delivered', allowedActions: ['requestReturn'] });
    expect(after.timeline.at(-1)).toMatchObject({ event: 'refunded_in_part', amount: 20 });
    const approved = about(name)(
      await smtp.waitFor((all) =>
        about(name)(all).some((mail) => mail.subject.startsWith('Your return is approved')),
      ),
    ).find((mail) => mail.subject.startsWith('Your return is approved'))!;
    expect(approved.text).toContain(`1 × ${name}`);
    // The rest may go back later, within the window; only what is left.
    const rest = await askReturn(id, { reason: 'The rest too', lines: [{ toolId, quantity: 3 }] });
    expect(rest.status).toBe(400);
    expect((await askReturn(id, { reason: 'The rest too' })).status).toBe(201);
    await decide(id, { decision: 'approve' });
    const second = await decide(id, { decision: 'receive' });
    expect(second.body.refund).toMatchObject({ amount: 40 });
    expect((await order(id)).state).toBe('refunded');
    expect(await api.toolStock(toolId)).toBe(10);
  });

  it('lists every return under way under state=returns, in the list and the CSV', async () => {
    const { id: asked } = await deliveredOrder();
    await askReturn(asked);
    const { id: approved } = await deliveredOrder();
    await askReturn(approved);
    await decide(approved, { decision: 'approve' });
    const { id: kept } = await deliveredOrder();
    const listed = await api.request('GET', '/adminOrders?state=returns&limit=200', {
      token: api.tokens.admin,
    });
    expect(listed.status).toBe(200);
    const ids = listed.body.map((each: { _id: string }) => each._id);
    expect(ids).toEqual(expect.arrayContaining([asked, approved]));
    expect(ids).not.toContain(kept);
    for (const each of listed.body as Array<{ state: string }>)
      expect(['return_requested', 'return_approved', 'return_received']).toContain(each.state);
    const csv = await fetch(`${api.url}/adminOrders/export.csv?state=returns`, {
      headers: { authorization: `Bearer ${api.tokens.admin}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/orders-returns-/);
    const text = await csv.text();
    expect(text).toContain(asked);
    expect(text).not.toContain(kept);
    expect(
      (await api.request('GET', '/adminOrders?state=return', { token: api.tokens.admin })).status,
    ).toBe(400);
  });

  it('refuses a return only with a reason, and the order is delivered again', async () => {
    const { id } = await deliveredOrder();
    await askReturn(id);
    const bare = await decide(id, { decision: 'reject' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Say why the return is refused: the customer reads it');
    expect((await decide(id, { decision: 'reject', reason: 'Used beyond testing' })).status).toBe(
      200,
    );
    const after = await order(id);
    expect(after.state).toBe('delivered');
    expect(after.timeline.at(-1)).toMatchObject({
      event: 'return_rejected',
      by: 'admin',
      reason: 'Used beyond testing',
    });
    expect((await decide(id, { decision: 'nope' })).status).toBe(400);
  });

  it('is the customer’s own, for shipped or delivered orders, within 30 days of delivery', async () => {
    const { id } = await deliveredOrder();
    expect((await askReturn(id, { reason: '' })).status).toBe(400);
    expect((await askReturn(id, { reason: { $ne: '' } })).status).toBe(400);
    expect((await askReturn(id, undefined, api.tokens.other)).status).toBe(404);
    // Someone else's order is not there for them, admins included (the return is the customer's).
    expect((await askReturn(id, undefined, api.tokens.admin)).status).toBe(404);
    const { Types } = await import('mongoose');
    await api.db
      .collection('orders')
      .updateOne(
        { _id: new Types.ObjectId(id) },
        { $set: { deliveredAt: new Date(Date.now() - 31 * 86_400_000) } },
      );
    expect((await order(id)).allowedActions).toEqual([]);
    const late = await askReturn(id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Returns are accepted within 30 days of delivery');

    const { id: paidOnly } = await paidOrder();
    const early = await askReturn(paidOnly);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This order is paid: it cannot be returned');
  });
});
