import { TestApi } from './support/test-api';

/**
 * The replica-set settings (majority writes, retryable writes, primary reads) are on by default;
 * the embedded FerretDB is not a replica set, so this checks that it accepts them.
 */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

it('connects with majority writes, retries and primary reads', () => {
  const options = api.db.getClient().options;
  expect(options.writeConcern).toMatchObject({ w: 'majority', journal: true, wtimeoutMS: 10_000 });
  expect(options.retryWrites).toBe(true);
  expect(options.retryReads).toBe(true);
  expect(options.readPreference.mode).toBe('primary');
  expect(options.maxPoolSize).toBe(20);
});

it('has majority-acknowledged writes and reads that work on this database', async () => {
  const inserted = await api.db.collection('probe').insertOne({ n: 1 });
  expect(inserted.acknowledged).toBe(true);
  const updated = await api.db
    .collection('probe')
    .updateOne({ _id: inserted.insertedId }, { $inc: { n: 1 } });
  expect(updated).toMatchObject({ acknowledged: true, modifiedCount: 1 });
  // The API's own write paths under the same settings.
  const tool = await api.insertTool({ available: 3 });
  await api.placeOrder(tool);
  expect(await api.toolStock(tool)).toBe(2);
});
