import { ConflictException, type CallHandler, type ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of, throwError, defer } from 'rxjs';
import {
  IdempotencyInterceptor,
  IdempotencyMessages,
  type IdempotencyRecord,
  type IdempotencyStore,
} from './idempotency';

class MemoryStore implements IdempotencyStore {
  readonly records = new Map<string, IdempotencyRecord>();
  async claim(record: IdempotencyRecord) {
    if (this.records.has(record._id)) return false;
    this.records.set(record._id, record);
    return true;
  }
  async find(id: string) {
    return this.records.get(id) ?? null;
  }
  async finish(record: IdempotencyRecord) {
    this.records.set(record._id, record);
  }
  async forget(id: string) {
    this.records.delete(id);
  }
  readonly takeovers = new Set<string>();
  async takeOver(stale: IdempotencyRecord, fresh: IdempotencyRecord) {
    const marker = `${stale._id}:${stale.claimId}`;
    if (this.takeovers.has(marker)) return false;
    this.takeovers.add(marker);
    this.records.set(fresh._id, fresh);
    return true;
  }
  async sweep(now: Date) {
    for (const [id, record] of this.records) if (record.expiresAt < now) this.records.delete(id);
  }
}

const STALE_AFTER_MS = 60_000;

const contextFor = (
  headers: Record<string, string>,
  body: unknown = { toolId: 't1' },
  email = 'ann@example.com',
) =>
  ({
    switchToHttp: () => ({
      getRequest: () => ({
        method: 'POST',
        url: '/orders',
        routeOptions: { url: '/orders' },
        headers,
        body,
        user: { email },
      }),
    }),
  }) as unknown as ExecutionContext;

const handlerAnswering = (answer: () => unknown) => {
  const handle = jest.fn(() => defer(() => of(answer())));
  return { handle } as CallHandler & { handle: jest.Mock };
};

const run = (interceptor: IdempotencyInterceptor, context: ExecutionContext, next: CallHandler) =>
  lastValueFrom(interceptor.intercept(context, next));

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { getStatus(): number; getResponse(): unknown }) => ({
      status: error.getStatus(),
      body: error.getResponse(),
    }),
  );

it('runs the first request of a key once and answers its retries with the first answer', async () => {
  const interceptor = new IdempotencyInterceptor(new MemoryStore(), STALE_AFTER_MS);
  let orders = 0;
  const next = handlerAnswering(() => ({ insertedId: `order-${++orders}` }));
  const key = { 'idempotency-key': 'attempt-0001' };
  expect(await run(interceptor, contextFor(key), next)).toEqual({ insertedId: 'order-1' });
  expect(await run(interceptor, contextFor(key), next)).toEqual({ insertedId: 'order-1' });
  expect(next.handle).toHaveBeenCalledTimes(1);
  // Another account's same key is another request.
  expect(await run(interceptor, contextFor(key, undefined, 'bob@example.com'), next)).toEqual({
    insertedId: 'order-2',
  });
});

it('answers 422 for the same key with another body, and 400 for a malformed key', async () => {
  const interceptor = new IdempotencyInterceptor(new MemoryStore(), STALE_AFTER_MS);
  const next = handlerAnswering(() => ({ ok: true }));
  await run(interceptor, contextFor({ 'idempotency-key': 'attempt-0002' }), next);
  const other = await errorOf(
    run(interceptor, contextFor({ 'idempotency-key': 'attempt-0002' }, { toolId: 't2' }), next),
  );
  expect(other).toEqual({
    status: 422,
    body: expect.objectContaining({ message: IdempotencyMessages.otherRequest }),
  });
  for (const bad of ['short', 'x'.repeat(129), 'has space in it', 'semi;colon;key']) {
    expect(() => interceptor.intercept(contextFor({ 'idempotency-key': bad }), next)).toThrow(
      IdempotencyMessages.malformed,
    );
  }
  expect(next.handle).toHaveBeenCalledTimes(1);
});

it('answers 409 while the first request of the key is still running', async () => {
  const interceptor = new IdempotencyInterceptor(new MemoryStore(), STALE_AFTER_MS);
  let release!: () => void;
  const slow = {
    handle: () =>
      defer(async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { done: true };
      }),
  };
  const first = run(interceptor, contextFor({ 'idempotency-key': 'attempt-0003' }), slow);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const second = await errorOf(
    run(interceptor, contextFor({ 'idempotency-key': 'attempt-0003' }), slow),
  );
  expect(second).toEqual({
    status: 409,
    body: expect.objectContaining({ message: IdempotencyMessages.running }),
  });
  release();
  expect(await first).toEqual({ done: true });
});

it('replays a refusal (4xx) but lets a retry run again after a server error (5xx)', async () => {
  const store = new MemoryStore();
  const interceptor = new IdempotencyInterceptor(store, STALE_AFTER_MS);
  const refusing = { handle: jest.fn(() => throwError(() => new ConflictException('sold out'))) };
  const refused = () =>
    errorOf(run(interceptor, contextFor({ 'idempotency-key': 'attempt-0004' }), refusing));
  expect(await refused()).toEqual({
    status: 409,
    body: expect.objectContaining({ message: 'sold out' }),
  });
  expect(await refused()).toEqual({
    status: 409,
    body: expect.objectContaining({ message: 'sold out' }),
  });
  expect(refusing.handle).toHaveBeenCalledTimes(1);

  const failing = { handle: jest.fn(() => throwError(() => new Error('database down'))) };
  const key = { 'idempotency-key': 'attempt-0005' };
  await expect(run(interceptor, contextFor(key), failing)).rejects.toThrow('database down');
  await expect(
    run(
      interceptor,
      contextFor(key),
      handlerAnswering(() => 'ran again'),
    ),
  ).resolves.toBe('ran again');
});

it('forgets keys after 24 hours', async () => {
  let now = Date.UTC(2026, 0, 1);
  const store = new MemoryStore();
  const interceptor = new IdempotencyInterceptor(store, STALE_AFTER_MS, () => now);
  const next = handlerAnswering(() => 'answer');
  await run(interceptor, contextFor({ 'idempotency-key': 'attempt-0006' }), next);
  now += 24 * 3_600_000 + 1;
  await run(interceptor, contextFor({ 'idempotency-key': 'other-key-1' }), next); // sweeps
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect([...store.records.values()].map((r) => r.expiresAt.getTime() > now)).toEqual([true]);
});

it('sweeps a store once a minute, however many interceptors (one per module) share it', async () => {
  let now = Date.UTC(2026, 0, 1);
  const store = new MemoryStore();
  const sweep = jest.spyOn(store, 'sweep');
  const interceptors = [1, 2, 3].map(
    () => new IdempotencyInterceptor(store, STALE_AFTER_MS, () => now),
  );
  const next = handlerAnswering(() => 'answer');
  for (const [i, interceptor] of interceptors.entries())
    await run(interceptor, contextFor({ 'idempotency-key': `attempt-010${i}` }), next);
  expect(sweep).toHaveBeenCalledTimes(1);
  now += 60_001;
  await run(interceptors[2]!, contextFor({ 'idempotency-key': 'attempt-0110' }), next);
  expect(sweep).toHaveBeenCalledTimes(2);
});

it('ignores requests without the header, and routes that are not in the list', async () => {
  const interceptor = new IdempotencyInterceptor(new MemoryStore(), STALE_AFTER_MS);
  const next = handlerAnswering(() => 'plain');
  expect(await run(interceptor, contextFor({}), next)).toBe('plain');
  expect(await run(interceptor, contextFor({}), next)).toBe('plain');
  expect(next.handle).toHaveBeenCalledTimes(2);
});

it('lets a retry run a request whose process died before answering, once the claim is stale', async () => {
  let now = Date.UTC(2026, 0, 1);
  const store = new MemoryStore();
  const key = { 'idempotency-key': 'attempt-0007' };
  // The first process claimed the key and died: its claim stays `running`.
  const dead = new IdempotencyInterceptor(store, STALE_AFTER_MS, () => now);
  const never = { handle: () => defer(() => new Promise<never>(() => undefined)) };
  void run(dead, contextFor(key), never);
  await new Promise((resolve) => setTimeout(resolve, 0));

  const alive = new IdempotencyInterceptor(store, STALE_AFTER_MS, () => now);
  let orders = 0;
  const next = handlerAnswering(() => ({ insertedId: `order-${++orders}` }));
  // Before it is stale a retry still hears 409 (the first may yet answer).
  expect((await errorOf(run(alive, contextFor(key), next)))?.status).toBe(409);
  now += STALE_AFTER_MS + 1;
  // Concurrent retries: exactly one takes the claim over and runs; the others hear 409, then its answer.
  const retries = await Promise.all(
    [1, 2, 3].map(() =>
      run(alive, contextFor(key), next).catch((error: { getStatus(): number }) =>
        error.getStatus(),
      ),
    ),
  );
  expect(retries.filter((answer) => answer === 409)).toHaveLength(2);
  expect(retries).toContainEqual({ insertedId: 'order-1' });
  expect(await run(alive, contextFor(key), next)).toEqual({ insertedId: 'order-1' });
  expect(next.handle).toHaveBeenCalledTimes(1);
});

it('keys a public call without a signed-in user among anonymous callers, apart from accounts', async () => {
  const interceptor = new IdempotencyInterceptor(new MemoryStore(), STALE_AFTER_MS);
  const anonymous = (body: unknown) =>
    ({
      switchToHttp: () => ({
        getRequest: () => ({
          method: 'POST',
          url: '/suggestions',
          routeOptions: { url: '/suggestions' },
          headers: { 'idempotency-key': 'suggestion-1' },
          body,
        }),
      }),
    }) as unknown as ExecutionContext;
  let calls = 0;
  const next = handlerAnswering(() => ({ insertedId: `s${++calls}` }));
  const first = await run(interceptor, anonymous({ opinion: 'more saws' }), next);
  expect(await run(interceptor, anonymous({ opinion: 'more saws' }), next)).toEqual(first);
  expect(next.handle).toHaveBeenCalledTimes(1);
  expect(await errorOf(run(interceptor, anonymous({ opinion: 'fewer saws' }), next))).toEqual({
    status: 422,
    body: expect.objectContaining({ message: IdempotencyMessages.otherRequest }),
  });
});
