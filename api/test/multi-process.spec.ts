// Several API processes (api/dist/main.js, as deployed) on one database: what must stay exactly
// right when a load balancer spreads the calls over them (a stale api/dist is rebuilt first).
import { Types } from 'mongoose';
import { ApiProcesses } from './support/api-processes';

const INSTANCES = 3;
const order = { address: '1 Main St', phone: '555-0100', orderQuantity: 1 };

describe(`${INSTANCES} API processes on one database`, () => {
  let apis: ApiProcesses;
  beforeAll(async () => {
    apis = await ApiProcesses.start(INSTANCES);
  }, 240_000);
  afterAll(() => apis?.stop());

  async function insertTool(available: number): Promise<string> {
    const { insertedId } = await apis.db.collection('tools').insertOne({
      name: 'Shared Drill',
      img: 'http://localhost/images/cordless-drill.webp',
      shortDescription: 'One stock, many processes',
      minOrder: 1,
      available,
      price: 25,
    });
    return String(insertedId);
  }

  const stockOf = async (toolId: string) =>
    (await apis.db.collection('tools').findOne({ _id: new Types.ObjectId(toolId) }))?.available;

  it('sells a stock of 10 exactly once to 50 simultaneous orders spread over the processes', async () => {
    const toolId = await insertTool(10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        apis.request(i, 'POST', '/orders', {
          token: apis.tokens.customer,
          body: { ...order, toolId },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await stockOf(toolId)).toBe(0);
    expect(
      await apis.db.collection('orders').countDocuments({ toolId: new Types.ObjectId(toolId) }),
    ).toBe(10);
    // Every lease was released: the locks collection holds nothing after the burst.
    expect(await apis.db.collection('locks').countDocuments()).toBe(0);
  });

  it('gives stock back exactly once when the same order is cancelled on every process at once', async () => {
    const toolId = await insertTool(5);
    const placed = await apis.request(0, 'POST', '/orders', {
      token: apis.tokens.customer,
      body: { ...order, toolId, orderQuantity: 2 },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    const cancels = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        apis.request(i, 'DELETE', `/orders/${id}`, { token: apis.tokens.customer }),
      ),
    );
    expect(cancels.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(cancels.filter((answer) => answer.status !== 200).map((a) => a.status)).toEqual(
      Array(8).fill(404),
    );
    expect(await stockOf(toolId)).toBe(5);
  });
});
