import { INDEXES_MISSING } from '../src/health/health.controller';
import { syncIndexes } from '../src/sync-indexes';
import { TestApi } from './support/test-api';

/**
 * The cluster's index Job: the API started with MONGODB_AUTO_INDEX=false builds no index
 * and is not ready until they exist; `node api/dist/sync-indexes.js` builds them all from the
 * database settings alone (no SMTP or Stripe settings, even with NODE_ENV=production) and exits.
 */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ MONGODB_AUTO_INDEX: 'false' });
});
afterAll(() => api?.stop());

const indexKeys = async (collection: string) =>
  (
    await api.db
      .collection(collection)
      .listIndexes()
      .toArray()
      .catch(() => [])
  ).map((index) => JSON.stringify(index.key));

it('without autoIndex the API builds no index and is not ready; the index script builds them all', async () => {
  await api.request('GET', '/tools');
  expect(await indexKeys('orders')).not.toContain(JSON.stringify({ email: 1, _id: -1 }));
  const before = await api.request('GET', '/health/ready');
  expect(before.status).toBe(503);
  expect(before.body.message).toContain(INDEXES_MISSING);
  expect(before.body.message).toContain('tools {"category":1,"_id":-1}');

  const code = await syncIndexes({
    NODE_ENV: 'production',
    MONGODB_URI: process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27117/',
    MONGODB_DB: api.db.name,
  });
  expect(code).toBe(0);
  expect(await indexKeys('orders')).toEqual(
    expect.arrayContaining([
      JSON.stringify({ email: 1, _id: -1 }),
      JSON.stringify({ state: 1, _id: -1 }),
    ]),
  );
  expect(await indexKeys('tools')).toContain(JSON.stringify({ category: 1, _id: -1 }));
  expect(await indexKeys('outbox').then((keys) => keys.length)).toBeGreaterThan(1);
  expect((await api.request('GET', '/health/ready')).status).toBe(200);
  // Run again (every release runs the Job): nothing to do, still 0.
  await expect(
    syncIndexes({ MONGODB_URI: process.env.TEST_MONGODB_URI!, MONGODB_DB: api.db.name }),
  ).resolves.toBe(0);
});

it('four processes building the indexes of an empty database at once all succeed', async () => {
  // Processes of a new deployment do this together; PostgreSQL under the database answered some
  // of them "deadlock detected", which stopped those API processes at start.
  const settings = {
    MONGODB_URI: process.env.TEST_MONGODB_URI!,
    MONGODB_DB: `${api.db.name}-race`,
  };
  const codes = await Promise.all([1, 2, 3, 4].map(() => syncIndexes(settings)));
  expect(codes).toEqual([0, 0, 0, 0]);
});

it('refuses a bad MONGODB_AUTO_INDEX at boot', () => {
  const { loadConfig } =
    jest.requireActual<typeof import('../src/config/config')>('../src/config/config');
  expect(() =>
    loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1/', MONGODB_AUTO_INDEX: 'no' }),
  ).toThrow(/MONGODB_AUTO_INDEX must be true or false/);
  expect(loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1/' }).autoIndex).toBe(true);
});
