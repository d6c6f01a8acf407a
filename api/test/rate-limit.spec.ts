import { TestApi } from './support/test-api';

/** An app of its own (one per test file: Passport strategies are process-wide). */
let limited: TestApi;
beforeAll(async () => {
  limited = await TestApi.start({ RATE_LIMIT_SUGGESTIONS: '3', RATE_LIMIT_WRITES: '2' });
});
afterAll(() => limited.stop());

/**
 * The limits count in fixed windows of a minute on the clock: a test's requests must not straddle
 * two windows (the second would count afresh), so one that would start near a window's end waits.
 */
async function awayFromWindowEnd(needMs = 20_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

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
