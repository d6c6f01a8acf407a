import { ReviewMessages, TOTAL_COUNT_HEADER } from '@toolshop/contracts';
import { OTHER, TestApi } from './support/test-api';

/** A review may name its product; GET /reviews?toolId= lists one product's reviews. */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ CATALOG_CACHE_MS: '0' });
});
afterAll(() => api.stop());

const post = (token: string, body: Record<string, unknown>) =>
  api.request('POST', '/reviews', { token, body });

describe('reviews of a product', () => {
  it('lists a product’s reviews only, each naming it, verified by a paid order of that product', async () => {
    const drill = await api.insertTool({ name: 'Review Drill' });
    const saw = await api.insertTool({ name: 'Review Saw' });
    const order = await api.placeOrder(drill);
    await api.markPaid(order);

    const ofDrill = await post(api.tokens.customer, {
      opinion: 'Great drill',
      rating: 5,
      toolId: drill,
    });
    expect(ofDrill.status).toBe(201);
    const ofSaw = await post(api.tokens.customer, {
      opinion: 'Saw is fine',
      rating: 3,
      toolId: saw,
    });
    expect(ofSaw.status).toBe(201);
    const byOther = await post(api.tokens.other, {
      opinion: 'Never bought it',
      rating: 2,
      toolId: drill,
    });
    expect(byOther.status).toBe(201);
    // The spec's call, without a product, is unchanged.
    const general = await post(api.tokens.customer, { opinion: 'Nice shop', rating: 4 });
    expect(general.status).toBe(201);

    const list = await api.request('GET', `/reviews?toolId=${drill}&limit=20&page=1`);
    expect(list.status).toBe(200);
    expect(list.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    expect(list.body).toEqual([
      expect.objectContaining({
        _id: byOther.body.insertedId,
        toolId: drill,
        verifiedBuyer: false,
      }),
      expect.objectContaining({ _id: ofDrill.body.insertedId, toolId: drill, verifiedBuyer: true }),
    ]);
    expect(list.body.every((entry: object) => !('email' in entry))).toBe(true);

    // Bought the drill, not the saw: the saw's review is not a verified buyer's.
    const sawList = await api.request('GET', `/reviews?toolId=${saw}`);
    expect(sawList.body).toEqual([
      expect.objectContaining({ _id: ofSaw.body.insertedId, toolId: saw, verifiedBuyer: false }),
    ]);
    // A review without a product still counts any paid order.
    const all = (await api.request('GET', '/reviews?limit=100')).body as { _id: string }[];
    expect(all.find((entry) => entry._id === general.body.insertedId)).toMatchObject({
      verifiedBuyer: true,
    });
    expect(all).toHaveLength(4);
  });

  it('counts a quick order’s line as buying that product', async () => {
    const { Types } = await import('mongoose');
    const tool = await api.insertTool({ name: 'Line Sander' });
    const other = await api.insertTool({ name: 'First Line Tool' });
    await api.db.collection('orders').insertOne({
      email: OTHER,
      toolId: new Types.ObjectId(other),
      lines: [{ toolId: new Types.ObjectId(tool) }],
      paid: true,
    });
    const answer = await post(api.tokens.other, { opinion: 'Sands well', rating: 5, toolId: tool });
    expect(answer.status).toBe(201);
    const list = await api.request('GET', `/reviews?toolId=${tool}`);
    expect(list.body).toEqual([expect.objectContaining({ verifiedBuyer: true })]);
  });

  it('refuses a toolId that is not a product’s with a clear 400', async () => {
    const notAnId = await post(api.tokens.customer, { opinion: 'x', rating: 5, toolId: 'drill' });
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.message).toBe(ReviewMessages.toolIdInvalid);
    const unknown = await post(api.tokens.customer, {
      opinion: 'x',
      rating: 5,
      toolId: '0123456789abcdef01234567',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(ReviewMessages.toolNotFound);
    const badQuery = await api.request('GET', '/reviews?toolId=%24ne');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.message).toBe(ReviewMessages.toolIdInvalid);
  });
});
