import { ConflictException, type CallHandler, type ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of, throwError, defer } from 'rxjs';
import {
  IdempotencyInterceptor,
  IdempotencyMessages,
  type IdempotencyRecord,
  type IdempotencyStore,
  type KeyedRequest,
  type KeyedRun,
} from './idempotency';

class MemoryStore implements IdempotencyStore {
  readonly records = new Map<string, IdempotencyRecord>();
  async claim(record: IdempotencyRecord) {
    if (this.records.has(record._id)) return false;
    this.records.set(record._id, { ...record });
    return true;
  }
  async find(id: string) {
    return this.records.get(id) ?? null;
  }
  async finish(record: IdempotencyRecord) {
    if (this.records.get(record._id)?.claimId === record.claimId)
      this.records.set(record._id, record);
  }
  private running(record: IdempotencyRecord) {
    const stored = this.records.get(record._id);
    return stored?.claimId === record.claimId && stored.state === 'running' ? stored : undefined;
  }
  async renew(record: IdempotencyRecord, staleAfter: Date) {
    const stored = this.running(record);
    if (stored) stored.staleAfter = staleAfter;
  }
  async release(record: IdempotencyRecord) {
    const stored = this.running(record);
    if (stored) stored.staleAfter = new Date(0);
  }
  readonly takeovers = new Set<string>();
  async takeOver(stale: IdempotencyRecord, fresh: IdempotencyRecord) {
    const marker = `${stale._id}:${stale.claimId}`;
    if (this.takeovers.has(marker)) return false;
    this.takeovers.add(marker);
    this.records.set(fresh._id, { ...fresh });
    return true;
  }
  async sweep(now: Date) {
    for (const [id, record] of this.records) if (record.expiresAt < now) this.records.delete(id);
  }
}

const STALE_AFTER_MS = 60_000; // the lease: long enough for no renewal to happen in these tests

const requestFor = (
  headers: Record<string, string>,
  body: unknown = { toolId: 't1' },
  email = 'ann@example.com',
): KeyedRequest =>
  ({
    method: 'POST',
    url: '/orders',
    routeOptions: { url: '/orders' },
    headers,
    body,
    user: { email },
  }) as unknown as KeyedRequest;

/** The reply's headers (Retry-After) as the interceptor set them. */
const replyHeaders = new WeakMap<KeyedRequest, Record<string, unknown>>();
const contextOf = (request: KeyedRequest) => {
  const headers: Record<string, unknown> = {};
  replyHeaders.set(request, headers);
  const reply = { header: (name: string, value: unknown) => (headers[name] = value) };
  return {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
  } as unknown as ExecutionContext;
};

const contextFor = (...args: Parameters<typeof requestFor>) => contextOf(requestFor(...args));

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
  const retry = requestFor({ 'idempotency-key': 'attempt-0003' });
  const second = await errorOf(run(interceptor, contextOf(retry), slow));
  expect(second).toEqual({
    status: 409,
    body: expect.objectContaining({ message: IdempotencyMessages.running }),
  });
  // Retry-After tells the client that this 409 is not final: it sends the same key again.
  expect(replyHeaders.get(retry)).toEqual({ 'Retry-After': 1 });
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
  // A final 409 carries no Retry-After: the client's next send is a new attempt.
  const replayed = requestFor({ 'idempotency-key': 'attempt-0004' });
  expect((await errorOf(run(interceptor, contextOf(replayed), refusing)))?.status).toBe(409);
  expect(replyHeaders.get(replayed)).toEqual({});

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

it('hands every run of a key the same resourceId: a takeover after a death or a 5xx is `retried`', async () => {
  let now = Date.UTC(2026, 0, 1);
  const store = new MemoryStore();
  const interceptor = new IdempotencyInterceptor(store, STALE_AFTER_MS, () => now);
  const key = { 'idempotency-key': 'attempt-0008' };
  const runs: Array<KeyedRun | undefined> = [];
  const seeing = (outcome: () => unknown) => (request: KeyedRequest) => ({
    handle: () =>
      defer(async () => {
        runs.push(request.idempotentRun);
        return outcome();
      }),
  });
  const send = async (outcome: () => unknown) => {
    const request = requestFor(key);
    return run(interceptor, contextOf(request), seeing(outcome)(request));
  };
  // The first run fails with a 5xx: a retry runs again at once, as a takeover of the same run.
  await expect(
    send(() => {
      throw new Error('connection reset');
    }),
  ).rejects.toThrow('connection reset');
  // The next dies mid-way (never answers, its lease runs out); the one after takes over.
  const dying = requestFor(key);
  void run(interceptor, contextOf(dying), {
    handle: () =>
      defer(() => {
        runs.push(dying.idempotentRun);
        return new Promise<never>(() => undefined);
      }),
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  now += STALE_AFTER_MS + 1;
  expect(await send(() => 'placed')).toBe('placed');
  expect(runs).toHaveLength(3);
  expect(runs[0]).toEqual({ resourceId: expect.stringMatching(/^[0-9a-f]{24}$/), retried: false });
  expect(runs.slice(1)).toEqual([
    { resourceId: runs[0]!.resourceId, retried: true },
    { resourceId: runs[0]!.resourceId, retried: true },
  ]);
  // Another key: another resource, a first run.
  const other = requestFor({ 'idempotency-key': 'attempt-0009' });
  await run(
    interceptor,
    contextOf(other),
    handlerAnswering(() => 'x'),
  );
  expect(other.idempotentRun).toEqual({ resourceId: expect.any(String), retried: false });
  expect(other.idempotentRun?.resourceId).not.toBe(runs[0]!.resourceId);
});

it('renews the short lease of a running claim, so that only a dead process loses its claim', async () => {
  const lease = 60;
  const store = new MemoryStore();
  const alive = new IdempotencyInterceptor(store, lease);
  const key = { 'idempotency-key': 'attempt-0010' };
  let finish!: () => void;
  const slow = {
    handle: () =>
      defer(async () => {
        await new Promise<void>((resolve) => (finish = resolve));
        return 'first';
      }),
  };
  const first = run(alive, contextFor(key), slow);
  // Many leases later the first still runs: its retries hear 409, nothing runs twice.
  await new Promise((resolve) => setTimeout(resolve, 5 * lease));
  const retry = handlerAnswering(() => 'second');
  expect((await errorOf(run(alive, contextFor(key), retry)))?.status).toBe(409);
  finish();
  expect(await first).toBe('first');
  expect(await run(alive, contextFor(key), retry)).toBe('first');
  expect(retry.handle).not.toHaveBeenCalled();

  // A claim nobody renews (its process died) is taken over once its lease has run out.
  const deadKey = { 'idempotency-key': 'attempt-0011' };
  const stopped = new IdempotencyInterceptor(store, 60_000);
  void run(stopped, contextFor(deadKey), {
    handle: () => defer(() => new Promise(() => undefined)),
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const record = [...store.records.values()].find((r) => r.state === 'running')!;
  record.staleAfter = new Date(Date.now() + lease);
  await new Promise((resolve) => setTimeout(resolve, 2 * lease));
  expect(
    await run(
      alive,
      contextFor(deadKey),
      handlerAnswering(() => 'taken over'),
    ),
  ).toBe('taken over');
});
