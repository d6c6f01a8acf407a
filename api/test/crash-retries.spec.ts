// Crash safety: three API processes (api/dist/main.js) on one database, one of them killed
// with SIGKILL again and again while clients place orders (POST /orders and POST /quickOrders) and
// retry each with its Idempotency-Key until they get an answer they can act on, on whichever
// process is up, as clients behind a load balancer do. Whichever process died at whichever step,
// a key makes one order, exactly once, every client gets its answer within seconds (a dead
// process's claim has a short lease), and every unit of stock is in stock or in an order.
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { IdempotencyMessages } from '../src/common/idempotency';
import { ApiProcesses } from './support/api-processes';
import { httpRequest, type ApiAnswer } from './support/test-api';

const INSTANCES = 3;
/** Kills, one after another (each victim restarted before the next kill). */
const KILLS = 4;
/** Clients ordering at the same time, each placing one order after another. */
const CONCURRENCY = 12;
const STOCK = 10_000;
/** The load stops then whatever happened: the test stays bounded in time. */
const LOAD_MS = 60_000;
/** The longest a client may wait for its answer (a takeover is due a lease, 5 s, after a death). */
const ANSWER_WITHIN_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  key: string;
  kind: 'single' | 'lines';
  answer: ApiAnswer | undefined;
  sends: number;
  waitedMs: number;
}

/** No answer (the process died or is not up yet), or "still being processed; retry it in a moment". */
const retryable = (answer: ApiAnswer | undefined) =>
  answer === undefined ||
  answer.status === 502 ||
  answer.status === 503 ||
  (answer.status === 409 && answer.body?.message === IdempotencyMessages.running);

describe(`kill -9 of one of ${INSTANCES} API processes during an order load`, () => {
  let apis: ApiProcesses;
  beforeAll(async () => {
    apis = await ApiProcesses.start(INSTANCES);
  }, 240_000);
  afterAll(() => apis?.stop());

  async function insertTool(name: string): Promise<string> {
    const { insertedId } = await apis.db.collection('tools').insertOne({
      name,
      img: 'http://localhost/images/cordless-drill.webp',
      shortDescription: 'Ordered while processes die',
      minOrder: 1,
      available: STOCK,
      price: 25,
    });
    return String(insertedId);
  }

  it('places one order per key, answers every client within seconds, and loses no unit', async () => {
    const drill = await insertTool('Crash Drill');
    const saw = await insertTool('Crash Saw');
    const tokens = [apis.tokens.customer, apis.tokens.other];
    const shipping = { address: '1 Crash Court', phone: '555-0100' };

    /** One order, sent with one key until an answer to act on (or the deadline). */
    async function orderUntilAnswered(client: number, n: number, deadline: number) {
      const key = `crash-${client}-${n}-${randomUUID()}`;
      const kind: Outcome['kind'] = n % 2 === 0 ? 'single' : 'lines';
      const [path, body] =
        kind === 'single'
          ? ['/orders', { ...shipping, toolId: drill, orderQuantity: 1 }]
          : [
              '/quickOrders',
              {
                ...shipping,
                lines: [
                  { toolId: drill, quantity: 1 },
                  { toolId: saw, quantity: 2 },
                ],
              },
            ];
      const started = Date.now();
      let answer: ApiAnswer | undefined;
      let sends = 0;
      do {
        if (sends > 0) await sleep(100 + Math.random() * 150);
        // Whichever process is there now (a killed one's place is taken by its restart).
        const { url } = apis.instances[(client + sends) % INSTANCES]!;
        sends++;
        answer = await httpRequest(url, 'POST', path, {
          token: tokens[client % tokens.length],
          body,
          headers: { 'idempotency-key': key },
        }).catch(() => undefined);
      } while (retryable(answer) && Date.now() < deadline);
      return { key, kind, answer, sends, waitedMs: Date.now() - started };
    }

    const outcomes: Outcome[] = [];
    let loading = true;
    const stopAt = Date.now() + LOAD_MS;
    const clients = Array.from({ length: CONCURRENCY }, async (_, client) => {
      for (let n = 0; loading && Date.now() < stopAt; n++)
        outcomes.push(await orderUntilAnswered(client, n, stopAt + ANSWER_WITHIN_MS));
    });
    // Each kill lands among requests in flight on the victim; it is restarted before the next.
    try {
      for (let kill = 0; kill < KILLS && Date.now() < stopAt; kill++) {
        await sleep(1_500 + Math.random() * 1_000);
        await apis.kill(kill % INSTANCES);
        await apis.restart(kill % INSTANCES);
      }
      await sleep(1_000);
    } finally {
      loading = false;
    }
    await Promise.all(clients);

    // Every client got an answer, within seconds; with this much stock, every answer is an order.
    const unanswered = outcomes.filter((outcome) => retryable(outcome.answer));
    expect(unanswered.map((o) => `${o.key}: ${o.answer?.status ?? 'no answer'}`)).toEqual([]);
    expect(
      outcomes
        .filter((outcome) => outcome.answer?.status !== 201)
        .map((o) => `${o.kind} ${o.answer?.status}: ${JSON.stringify(o.answer?.body)}`),
    ).toEqual([]);
    // One order per key: the orders are exactly the ones answered, none twice, none unanswered.
    const answered = outcomes.map((outcome) => String(outcome.answer?.body?.insertedId));
    expect(new Set(answered).size).toBe(answered.length);
    const orders = await apis.db
      .collection('orders')
      .find({
        $or: [{ toolId: new Types.ObjectId(drill) }, { 'lines.toolId': new Types.ObjectId(saw) }],
      })
      .toArray();
    expect(orders.map((order) => String(order._id)).sort()).toEqual([...answered].sort());

    // Every unit is in stock or in an order: a dead process's half-finished order gave its stock back.
    const tools = await apis.db
      .collection('tools')
      .find({ _id: { $in: [new Types.ObjectId(drill), new Types.ObjectId(saw)] } })
      .toArray();
    for (const tool of tools) {
      const toolId = String(tool._id);
      const ordered = orders
        .flatMap((order) =>
          order.lines
            ? (order.lines as Array<{ toolId: unknown; orderQuantity: number }>)
            : [{ toolId: order.toolId, orderQuantity: order.orderQuantity as number }],
        )
        .filter((line) => String(line.toolId) === toolId)
        .reduce((sum, line) => sum + line.orderQuantity, 0);
      expect({ tool: tool.name, units: tool.available + ordered }).toEqual({
        tool: tool.name,
        units: STOCK,
      });
      // A hold still there is a dead process's saved order's (the sweep drops it, giving nothing back).
      const holders = Object.keys((tool.holds ?? {}) as Record<string, unknown>);
      expect(holders.filter((orderId) => !answered.includes(orderId))).toEqual([]);
    }

    // A death costs its clients a lease, not a request timeout.
    const slowest = Math.max(...outcomes.map((outcome) => outcome.waitedMs));
    expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);
    // Some requests did die with their process (else this tested nothing).
    expect(outcomes.filter((outcome) => outcome.sends > 1).length).toBeGreaterThan(0);
  }, 180_000);
});
