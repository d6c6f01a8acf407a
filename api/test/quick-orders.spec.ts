// Quick orders. POST /quickOrders/check answers each line; POST /quickOrders places one
// order of many lines, taking every line's stock or none, and cancel and expiry give every line back.
import { BuyingMessages, RuleMessages } from '@toolshop/contracts';
import { Types } from 'mongoose';
import { OrderExpiry } from '../src/orders/order-expiry';
import { IN_FLIGHT_GRACE_MS } from '../src/orders/unpaid-order-slots';
import { StockReservations } from '../src/tools/stock-reservations';
import { pdfText } from './support/pdf-text';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher';
import { CUSTOMER, OTHER, TestApi } from './support/test-api';

const TTL_SECONDS = 3600;
const MAX_UNPAID = 3;

let api: TestApi;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await TestApi.start({
    UNPAID_ORDER_TTL_SECONDS: String(TTL_SECONDS),
    MAX_UNPAID_ORDERS: String(MAX_UNPAID),
    SMTP_URL: smtp.url,
    OUTBOX_POLL_MS: '200',
  });
});
afterAll(async () => {
  await api.stop();
  await smtp.close();
});

let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;
const drillTiers = [
  { minQuantity: 50, price: 119 },
  { minQuantity: 200, price: 109 },
];
/** A drill with the seed's tiers, and a box of blades sold in packs of 5 from 10. */
const tieredDrill = (name: string) =>
  api.insertTool({ name, price: 129, minOrder: 10, available: 480, priceTiers: drillTiers });
const bladeBox = (name: string, available = 100) =>
  api.insertTool({ name, price: 12, minOrder: 10, packSize: 5, available });
const check = (lines: unknown, token = api.tokens.customer) =>
  api.request('POST', '/quickOrders/check', { token, body: { lines } });
const placeLines = (
  lines: Array<{ toolId: string; quantity: number }>,
  token = api.tokens.customer,
) =>
  api.request('POST', '/quickOrders', {
    token,
    body: { lines, address: '12 Elm Street', phone: '+1 555 0100' },
  });
const readOrder = async (id: string, token = api.tokens.customer) =>
  (await api.request('GET', `/orders/${id}`, { token })).body;
const cancel = (id: string, token = api.tokens.customer) =>
  api.request('DELETE', `/orders/${id}`, { token });
const stocks = (ids: string[]) => Promise.all(ids.map((id) => api.toolStock(id)));
async function cancelOpen(token: string, email: string) {
  const own = await api.request('GET', `/orders?email=${email}`, { token });
  for (const { _id, paid } of own.body) if (!paid) await cancel(_id, token);
}

describe('POST /quickOrders/check', () => {
  it('finds each product by name (any case, trimmed) or id and prices it from the tiers', async () => {
    const drillName = unique('Check Drill');
    const drill = await tieredDrill(drillName);
    const blades = await bladeBox(unique('Check Blades'));
    const answer = await check([
      { product: `  ${drillName.toUpperCase()} `, quantity: 50 },
      { product: blades, quantity: 15 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      lines: [
        expect.objectContaining({
          product: `  ${drillName.toUpperCase()} `,
          quantity: 50,
          toolId: drill,
          name: drillName,
          unitPrice: 119,
          lineTotal: 5950,
          packSize: 1,
        }),
        expect.objectContaining({ toolId: blades, unitPrice: 12, lineTotal: 180, packSize: 5 }),
      ],
      total: 6130,
      orderable: true,
    });
    expect(answer.body.lines[0]).not.toHaveProperty('problem');
  });

  it('matches forgivingly (prefix, case, spaces, a typo) and suggests for an ambiguous prefix', async () => {
    const planer = await tieredDrill(unique('Zebrawood Planer 9000'));
    const pro = await tieredDrill(unique('Zebrawood Planer Pro'));
    const answer = await check([
      { product: '  zebrawood   PLANER 9000 ', quantity: 20 },
      { product: 'Zebrawod Planer Pro', quantity: 20 },
      { product: 'Zebrawood Planer', quantity: 20 },
    ]);
    expect(answer.status).toBe(200);
    const [prefix, typo, ambiguous] = answer.body.lines;
    expect(prefix).toMatchObject({ toolId: planer, quantity: 20 });
    expect(prefix.problem).toBeUndefined();
    expect(typo).toMatchObject({ toolId: pro });
    expect(ambiguous.toolId).toBeUndefined();
    expect(ambiguous.problem).toBe(BuyingMessages.unknownProduct('Zebrawood Planer'));
    expect(ambiguous.suggestions.map((may: { toolId: string }) => may.toolId).sort()).toEqual(
      [planer, pro].sort(),
    );
  });

  it('names every line’s problem without refusing the request, and orders nothing', async () => {
    const blades = await bladeBox(unique('Problem Blades'), 20);
    const answer = await check([
      { product: 'No Such Saw', quantity: 1 },
      { product: blades, quantity: 12 },
      { product: blades, quantity: 10 },
      { product: '0123456789abcdef01234567', quantity: 5 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.lines.map((line: { problem?: string }) => line.problem)).toEqual([
      BuyingMessages.unknownProduct('No Such Saw'),
      BuyingMessages.packMultiple(5, 10), // from the minimum of 10 on
      BuyingMessages.listedTwice,
      BuyingMessages.unknownProduct('0123456789abcdef01234567'),
    ]);
    expect(answer.body).toMatchObject({ total: 0, orderable: false });
    const short = await check([{ product: blades, quantity: 25 }]);
    expect(short.body.lines[0].problem).toBe(BuyingMessages.notEnoughStock(20));
    const small = await check([{ product: blades, quantity: 5 }]);
    expect(small.body.lines[0].problem).toBe(BuyingMessages.belowMinimum(10));
    expect(await api.toolStock(blades)).toBe(20);
  });

  it('refuses a malformed body with a 400', async () => {
    const line = { product: 'Drill', quantity: 1 };
    for (const [lines, message] of [
      [[], BuyingMessages.noLines],
      [undefined, BuyingMessages.noLines],
      [Array.from({ length: 101 }, () => line), BuyingMessages.tooManyLines],
      [[{ product: 'x'.repeat(201), quantity: 1 }], BuyingMessages.lineFormat],
      [[{ product: 'Drill', quantity: '5' }], BuyingMessages.wholeQuantity],
      [[{ product: 5, quantity: 5 }], BuyingMessages.lineFormat],
      [['Drill, 5'], BuyingMessages.lineFormat],
    ] as const) {
      const refused = await check(lines);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    expect((await check([{ ...line, extra: 1 }])).status).toBe(400);
    // 100 lines is the most, and fine, even of the longest product texts (past the API's usual body limit).
    const longest = Array.from({ length: 100 }, () => ({ product: 'é'.repeat(200), quantity: 1 }));
    expect(JSON.stringify({ lines: longest }).length).toBeGreaterThan(16 * 1024);
    expect((await check(longest)).status).toBe(200);
    expect((await check(Array.from({ length: 100 }, () => line))).status).toBe(200);
  });
});

describe('POST /quickOrders', () => {
  it('places one order with a line per product: prices from the tiers, stock taken, spec fields kept', async () => {
    const drillName = unique('Quick Drill');
    const drill = await tieredDrill(drillName);
    const blades = await bladeBox(unique('Quick Blades'));
    const sander = await api.insertTool({ name: unique('Quick Sander'), price: 69, available: 30 });
    const created = await placeLines([
      { toolId: drill, quantity: 200 },
      { toolId: blades, quantity: 15 },
      { toolId: sander, quantity: 2 },
    ]);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const order = await readOrder(created.body.insertedId);
    expect(order).toMatchObject({
      toolId: drill,
      name: `${drillName} and 2 more`,
      email: CUSTOMER,
      userName: 'Casey Customer',
      address: '12 Elm Street',
      orderQuantity: 217,
      totalPrice: 200 * 109 + 15 * 12 + 2 * 69,
      paid: false,
      shipped: false,
      reservedUntil: expect.any(String),
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        toolId: drill,
        name: drillName,
        orderQuantity: 200,
        unitPrice: 109,
        totalPrice: 21800,
      }),
      expect.objectContaining({
        toolId: blades,
        orderQuantity: 15,
        unitPrice: 12,
        totalPrice: 180,
      }),
      expect.objectContaining({ toolId: sander, orderQuantity: 2, unitPrice: 69, totalPrice: 138 }),
    ]);
    expect(order.lines[0].img).toBe('http://localhost/images/cordless-drill.webp');
    expect(await stocks([drill, blades, sander])).toEqual([280, 85, 28]);
    // No hold stays behind.
    const held = await api.db.collection('tools').countDocuments({
      _id: { $in: [drill, blades, sander].map((id) => new Types.ObjectId(id)) },
      [`holds.${created.body.insertedId}`]: { $exists: true },
    });
    expect(held).toBe(0);
    // One line is an order of one product: its name alone.
    const single = await placeLines([{ toolId: sander, quantity: 1 }]);
    expect((await readOrder(single.body.insertedId)).name).toMatch(/^Quick Sander \d+$/);
    await cancelOpen(api.tokens.customer, CUSTOMER);
    expect(await stocks([drill, blades, sander])).toEqual([480, 100, 30]);
  });

  it('places and cancels the most lines an order may have (100) well within a request’s time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 100; i++)
      ids.push(await api.insertTool({ name: unique('Bulk'), available: 5 }));
    const started = Date.now();
    const created = await placeLines(ids.map((toolId) => ({ toolId, quantity: 2 })));
    expect(created.status).toBe(201);
    expect((await cancel(created.body.insertedId)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(new Set(await stocks(ids))).toEqual(new Set([5]));
  });

  it('refuses lines that break a rule with a 400 naming each, and takes nothing', async () => {
    const blades = await bladeBox('Saw blade');
    const drill = await api.insertTool({
      name: unique('Rule Drill'),
      minOrder: 10,
      available: 100,
    });
    const before = await api.db.collection('orders').countDocuments();
    const refused = await placeLines([
      { toolId: drill, quantity: 10 },
      { toolId: drill, quantity: 20 },
      { toolId: blades, quantity: 12 },
      { toolId: '0123456789abcdef01234567', quantity: 1 },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `${BuyingMessages.linesInvalid}. ${[
        BuyingMessages.lineProblem(2, (await readTool(drill)).name, BuyingMessages.listedTwice),
        'Line 3 (Saw blade): Sold in packs of 5: order 10, 15, 20…', // from its minimum, 10
        BuyingMessages.lineProblem(
          4,
          '0123456789abcdef01234567',
          BuyingMessages.unknownProduct('0123456789abcdef01234567'),
        ),
      ].join('; ')}`,
    );
    expect(await api.db.collection('orders').countDocuments()).toBe(before);
    expect(await stocks([drill, blades])).toEqual([100, 100]);
    // Malformed bodies.
    for (const body of [
      { lines: [], address: 'a', phone: '1' },
      { lines: [{ toolId: drill, quantity: 10 }], address: '', phone: '1' },
      { lines: [{ toolId: 'drill', quantity: 10 }], address: 'a', phone: '1' },
      { lines: [{ toolId: drill, quantity: 1.5 }], address: 'a', phone: '1' },
    ])
      expect(
        (await api.request('POST', '/quickOrders', { token: api.tokens.customer, body })).status,
      ).toBe(400);
  });

  it('answers 409 and orders nothing when a line’s stock went since the check', async () => {
    const plenty = await api.insertTool({ name: unique('Plenty'), available: 50 });
    const scarce = await api.insertTool({ name: unique('Scarce'), available: 4 });
    const refused = await placeLines([
      { toolId: plenty, quantity: 10 },
      { toolId: scarce, quantity: 5 },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BuyingMessages.stockChanged);
    expect(await stocks([plenty, scarce])).toEqual([50, 4]);
  });

  it('counts as one of the customer’s unpaid orders, under the same cap as POST /orders', async () => {
    const email = `cap-${++seq}@toolshop.test`;
    const token = api.issuer.token({ email, name: 'Cap' });
    const toolId = await api.insertTool({ name: unique('Cap Drill'), available: 100 });
    const other = await api.insertTool({ name: unique('Cap Saw'), available: 100 });
    for (let i = 0; i < MAX_UNPAID; i++) {
      const lines = [
        { toolId, quantity: 1 },
        { toolId: other, quantity: 1 },
      ];
      expect((await placeLines(lines, token)).status).toBe(201);
    }
    const capped = await placeLines([{ toolId, quantity: 1 }], token);
    expect(capped.status).toBe(409);
    expect(capped.body.message).toBe(RuleMessages.tooManyUnpaidOrders);
    expect(await stocks([toolId, other])).toEqual([100 - MAX_UNPAID, 100 - MAX_UNPAID]);
    await cancelOpen(token, email);
    expect(await stocks([toolId, other])).toEqual([100, 100]);
  });

  it('gives every line back when the order expires unpaid, and emails the lines', async () => {
    const names = [1, 2, 3].map((n) => unique(`Expiring ${n}`));
    const ids = await Promise.all(names.map((name) => api.insertTool({ name, available: 10 })));
    const created = await placeLines(ids.map((toolId, i) => ({ toolId, quantity: i + 1 })));
    expect(created.status).toBe(201);
    const { number } = (
      await api.request('GET', `/orders/${created.body.insertedId}`, { token: api.tokens.customer })
    ).body;
    expect(number).toMatch(/^TS-\d{6,}$/);
    expect(await stocks(ids)).toEqual([9, 8, 7]);
    const later = new Date(Date.now() + (TTL_SECONDS + 60) * 1000);
    expect(await api.app.get(OrderExpiry).sweep(later)).toBeGreaterThanOrEqual(1);
    expect(await stocks(ids)).toEqual([10, 10, 10]);
    const subject = `Your unpaid order of ${names[0]} and 2 more has expired`;
    const [mail] = (await smtp.waitFor((mails) => mails.some((m) => m.subject === subject))).filter(
      (m) => m.subject === subject,
    );
    names.forEach((name, i) => expect(mail!.text).toContain(`${i + 1} × ${name} at $`));
    expect(mail!.text).toContain(`Order number: ${number}`);
    const expired = await api.request('GET', `/orders/${created.body.insertedId}`, {
      token: api.tokens.customer,
    });
    expect(expired.body.state).toBe('expired');
  });

  it('leaves no stock behind when a process dies between taking lines and saving the order', async () => {
    const ids = await Promise.all(
      [1, 2].map((n) => api.insertTool({ name: unique(`Crash ${n}`), available: 10 })),
    );
    const tools = api.app.get(StockReservations);
    const orderId = String(new Types.ObjectId());
    // The first half of reserveAll for both lines, and then nothing: the process is gone.
    for (const toolId of ids)
      await tools.takeHeld(toolId, orderId, { quantity: 4, at: new Date() });
    expect(await stocks(ids)).toEqual([6, 6]);
    await api.app.get(OrderExpiry).sweep(new Date(Date.now() + IN_FLIGHT_GRACE_MS + 60_000));
    expect(await stocks(ids)).toEqual([10, 10]);
  });

  it('emails the lines, invoices them and exports the order as one CSV row', async () => {
    const drillName = unique('Mailed Drill');
    const drill = await api.insertTool({
      name: drillName,
      price: 129,
      available: 100,
      priceTiers: drillTiers,
    });
    const blades = await api.insertTool({
      name: unique('Mailed Blades'),
      price: 12,
      packSize: 5,
      minOrder: 5,
      available: 100,
    });
    const created = await placeLines([
      { toolId: drill, quantity: 50 },
      { toolId: blades, quantity: 10 },
    ]);
    const id = created.body.insertedId as string;
    const subject = `Order received: ${drillName} and 1 more`;
    const [mail] = (await smtp.waitFor((mails) => mails.some((m) => m.subject === subject))).filter(
      (m) => m.subject === subject,
    );
    expect(mail!.text).toContain(`50 × ${drillName} at $119: $5,950`);
    expect(mail!.text).toMatch(/10 × Mailed Blades \d+ at \$12: \$120/);
    expect(mail!.text).toContain('for $6,070.');

    await api.payByCard(id);
    const pdf = await fetch(`${api.url}/orders/${id}/invoice.pdf`, {
      headers: { authorization: `Bearer ${api.tokens.customer}` },
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of [drillName, '$119', '$5,950', '$12', '$120', '$6,070'])
      expect(text).toContain(expected);

    const csv = await api.request('GET', '/adminOrders/export.csv?state=paid', {
      token: api.tokens.admin,
    });
    const rows = (csv.body as string).split('\r\n').filter((row) => row.includes(id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`${drillName} and 1 more`);
    expect(rows[0]).toContain(',60,6070,');

    const shipped = await api.request('PATCH', `/adminOrders/${id}`, {
      token: api.tokens.admin,
      body: {},
    });
    expect(shipped.status).toBe(200);
    // The receipt and the shipping email list the lines too, not only the order's name.
    for (const later of [
      `Payment receipt: ${drillName} and 1 more`,
      `Your order of ${drillName} and 1 more has shipped`,
    ]) {
      const [sent] = (await smtp.waitFor((mails) => mails.some((m) => m.subject === later))).filter(
        (m) => m.subject === later,
      );
      expect(sent!.text).toContain(`50 × ${drillName} at $119: $5,950`);
      expect(sent!.text).toMatch(/10 × Mailed Blades \d+ at \$12: \$120/);
    }
  });
});

async function readTool(id: string) {
  return (await api.request('GET', `/tools/${id}`)).body as { name: string };
}

describe('all or nothing under concurrency', () => {
  it('never places part of a list nor oversells when two customers race for the last units', async () => {
    const ids = await Promise.all(
      ['A', 'B', 'C', 'D'].map((n) => api.insertTool({ name: unique(`Race ${n}`), available: 10 })),
    );
    const [a, b, c, d] = ids as [string, string, string, string];
    // Each list fits the stock alone; together they want more of a shared tool than there is.
    const rounds: Array<[Array<[string, number]>, Array<[string, number]>]> = [
      [
        [
          [b, 6],
          [a, 5],
        ],
        [
          [c, 4],
          [b, 6],
        ],
      ],
      [
        [
          [a, 10],
          [d, 3],
          [c, 2],
        ],
        [
          [c, 9],
          [a, 1],
        ],
      ],
      [
        [
          [d, 7],
          [c, 7],
          [b, 7],
          [a, 7],
        ],
        [
          [a, 4],
          [b, 4],
          [c, 4],
          [d, 4],
        ],
      ],
      [
        [
          [a, 8],
          [b, 3],
        ],
        [
          [b, 8],
          [a, 3],
        ],
      ],
    ];
    for (let round = 0; round < 12; round++) {
      await api.db
        .collection('tools')
        .updateMany(
          { _id: { $in: ids.map((id) => new Types.ObjectId(id)) } },
          { $set: { available: 10 } },
        );
      const lists = rounds[round % rounds.length]!.map((list) =>
        list.map(([toolId, quantity]) => ({ toolId, quantity })),
      );
      const tokens = [api.tokens.customer, api.tokens.other];
      const answers = await Promise.all(lists.map((lines, i) => placeLines(lines, tokens[i])));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const loser = answers.find((answer) => answer.status === 409)!;
      expect(loser.body.message).toBe(BuyingMessages.stockChanged);
      const winner = answers.findIndex((answer) => answer.status === 201);
      const order = await readOrder(answers[winner]!.body.insertedId, tokens[winner]);
      // The whole list, and the stock is what the winner's list left.
      expect(
        order.lines.map((line: { toolId: string; orderQuantity: number }) => [
          line.toolId,
          line.orderQuantity,
        ]),
      ).toEqual(lists[winner]!.map((line) => [line.toolId, line.quantity]));
      const left = ids.map(
        (id) => 10 - (lists[winner]!.find((line) => line.toolId === id)?.quantity ?? 0),
      );
      expect(await stocks(ids)).toEqual(left);
      expect(await cancel(answers[winner]!.body.insertedId, tokens[winner])).toMatchObject({
        status: 200,
      });
      expect(await stocks(ids)).toEqual([10, 10, 10, 10]);
    }
    const holds = await api.db
      .collection('tools')
      .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } })
      .toArray();
    expect(holds.map((tool) => Object.keys(tool.holds ?? {}).length)).toEqual([0, 0, 0, 0]);
    expect(
      await api.db.collection('orders').countDocuments({ email: OTHER, state: 'unpaid' }),
    ).toBe(0);
  });
});
