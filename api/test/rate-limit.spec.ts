import type { Connection } from 'mongoose';
import { DatabaseThrottlerStorage } from '../src/common/database-throttler-storage';
import { awayFromWindowEnd } from './support/rate-limit-window';
import { TestApi } from './support/test-api';

/** An app of its own (one per test file: Passport strategies are process-wide). */
let limited: TestApi;
beforeAll(async () => {
  limited = await TestApi.start({ RATE_LIMIT_SUGGESTIONS: '3', RATE_LIMIT_WRITES: '2' });
});
afterAll(() => limited.stop());

it('saves a complete suggestion, refuses an incomplete one with the spec message, and rate limits', async () => {
  await awayFromWindowEnd();
  const ok = await limited.request('POST', '/suggestions', {
    body: { email: 'Sam', opinion: 'Sell blades too' },
  });
  expect(ok.status).toBe(201);
  expect(ok.body.insertedId).toMatch(/^[0-9a-f]{24}$/);
  const incomplete = await limited.request('POST', '/suggestions', {
    body: { email: 'Sam', opinion: '   ' },
  });
  expect(incomplete.body).toEqual({
    statusCode: 400,
    message: 'Please fill out the form first',
    error: 'Bad Request',
  });
  // The limit of this app is 3 per minute; the two above count.
  expect(
    (await limited.request('POST', '/suggestions', { body: { email: 'Sam', opinion: 'Third' } }))
      .status,
  ).toBe(201);
  const limitedAnswer = await limited.request('POST', '/suggestions', {
    body: { email: 'Sam', opinion: 'Fourth' },
  });
  expect(limitedAnswer.body).toEqual({
    statusCode: 429,
    message: 'Too many requests. Please wait a minute and try again.',
    error: 'Too Many Requests',
  });
});

it('limits writes separately and never throttles catalog reads', async () => {
  await awayFromWindowEnd();
  const review = () =>
    limited.request('POST', '/reviews', {
      token: limited.tokens.customer,
      body: { rating: 5, opinion: 'Good' },
    });
  expect((await review()).status).toBe(201);
  expect((await review()).status).toBe(201);
  expect((await review()).status).toBe(429);
  for (let i = 0; i < 20; i++) expect((await limited.request('GET', '/tools')).status).toBe(200);
});

describe('the counters in the database', () => {
  const MINUTE = 60_000;
  // Mid-window of a fixed minute, so that no test straddles two windows.
  const now = () => 30 * MINUTE + 30_000;
  /** The API's connection, counting the inserts of the hits. */
  function counted() {
    const calls = { inserts: 0 };
    const connection = {
      collection: (name: string) => {
        const collection = limited.db.collection(name);
        return new Proxy(collection, {
          get(target, property, receiver) {
            const value = Reflect.get(target, property, receiver) as unknown;
            if (property !== 'insertMany' || typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              calls.inserts++;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        });
      },
    } as unknown as Connection;
    return { storage: new DatabaseThrottlerStorage(connection, now), calls };
  }
  const hitsOf = (key: string) =>
    limited.db.collection('rate_limit_hits').countDocuments({ key: `test:${key}` });

  it('counts concurrent requests of one key in a few writes, each request a number of its own', async () => {
    const { storage, calls } = counted();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => storage.increment('burst', MINUTE, 1000, MINUTE, 'test')),
    );
    expect(answers.map((a) => a.totalHits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(answers.every((a) => !a.isBlocked)).toBe(true);
    // The first request's insert, then one for all that arrived meanwhile (was one per request at least).
    expect(calls.inserts).toBeLessThanOrEqual(3);
    expect(await hitsOf('burst')).toBe(40);
  });

  it('lets exactly the limit through across processes, and refuses the rest without writing', async () => {
    const processes = [counted(), counted(), counted()];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        processes[i % 3]!.storage.increment('shared', MINUTE, 10, MINUTE, 'test'),
      ),
    );
    expect(answers.filter((a) => !a.isBlocked)).toHaveLength(10);
    expect(await hitsOf('shared')).toBe(10);
    const writes = processes.reduce((sum, p) => sum + p.calls.inserts, 0);
    // Once a process knows the window is full, a request costs no write.
    const later = await Promise.all(
      processes.map((p) => p.storage.increment('shared', MINUTE, 10, MINUTE, 'test')),
    );
    expect(later.every((a) => a.isBlocked)).toBe(true);
    expect(processes.reduce((sum, p) => sum + p.calls.inserts, 0) - writes).toBeLessThanOrEqual(3);
  });
});
