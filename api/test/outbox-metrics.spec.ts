import { TestApi } from './support/test-api';

/**
 * The outbox's backlog in /metrics (the cluster alerts on emails waiting too long), read
 * from the database. The worker polls rarely here, so what the test inserts stays as it is.
 */
const TOKEN = 'scrape-token-outbox-0123456789';
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ METRICS_TOKEN: TOKEN, OUTBOX_POLL_MS: '600000' });
});
afterAll(() => api.stop());

const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

it('reports pending, due and failed emails and how long the oldest due one has waited', async () => {
  const scrape = async () =>
    String(
      (await api.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }))
        .body,
    );
  const empty = await scrape();
  expect(sample(empty, 'toolshop_outbox_backlog{state="due"}')).toBe(0);
  expect(sample(empty, 'toolshop_outbox_oldest_due_seconds')).toBe(0);

  const message = { to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>', attempts: 0 };
  const now = Date.now();
  await api.db.collection('outbox').insertMany([
    { _id: 'test:due-old', ...message, status: 'pending', nextAttemptAt: new Date(now - 3600_000) },
    { _id: 'test:due-new', ...message, status: 'pending', nextAttemptAt: new Date(now - 60_000) },
    { _id: 'test:later', ...message, status: 'pending', nextAttemptAt: new Date(now + 3600_000) },
    { _id: 'test:failed', ...message, status: 'failed', attempts: 8, nextAttemptAt: new Date(now) },
    { _id: 'test:sent', ...message, status: 'sent', nextAttemptAt: new Date(now) },
  ] as never[]);
  const text = await scrape();
  expect(sample(text, 'toolshop_outbox_backlog{state="pending"}')).toBe(3);
  expect(sample(text, 'toolshop_outbox_backlog{state="due"}')).toBe(2);
  expect(sample(text, 'toolshop_outbox_backlog{state="failed"}')).toBe(1);
  const oldest = sample(text, 'toolshop_outbox_oldest_due_seconds')!;
  expect(oldest).toBeGreaterThanOrEqual(3600);
  expect(oldest).toBeLessThan(3700);
});
