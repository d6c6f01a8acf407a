import {
  Global,
  HttpException,
  Inject,
  Injectable,
  Module,
  Optional,
  createParamDecorator,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { getConnectionToken } from '@nestjs/mongoose';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Types, type Connection } from 'mongoose';
import { createHash, randomUUID } from 'node:crypto';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthUser } from '../auth/auth-user';
import { errorBody, toErrorBody } from './api-exception.filter';
import { ApiLocks, mongoLockStore } from './lease-locks';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const DAY_MS = 86_400_000;
const SWEEP_EVERY_MS = 60_000;
/**
 * A running claim's lease: renewed every third of it while its request runs, so a claim past it
 * belongs to a process that is gone (killed, or stuck for that long) and a retry takes it over
 * within seconds instead of hearing 409 for as long as a request may run.
 */
export const IDEMPOTENCY_LEASE_MS = 5_000;

/** The state-changing calls a client may retry; `METHOD path` as the router names them. */
export const IDEMPOTENT_ROUTES: ReadonlySet<string> = new Set([
  'POST /orders',
  'POST /quickOrders',
  'PATCH /orders/:id',
  'DELETE /orders/:id',
  'POST /create-payment-intent',
  'POST /payments/test/confirm',
  'POST /reviews',
  'PATCH /reviews/:id',
  'POST /suggestions',
  'PUT /users',
  'PUT /user/admin/:email',
  'PATCH /adminOrders/:id',
  'POST /adminOrders/:id/delivery',
  'POST /orders/:id/refunds',
  'POST /orders/:id/returns',
  'PATCH /returns/:id',
  'POST /tools',
  'POST /savedLists',
  'PUT /savedLists/:id',
  'DELETE /savedLists/:id',
]);

/** Whose keys a call without a signed-in user shares (public routes): a key is a random id. */
const ANONYMOUS = 'anonymous:';

export const IdempotencyMessages = {
  malformed: 'Idempotency-Key must be 8 to 128 characters: letters, digits, "-", "_", ":" or "."',
  otherRequest:
    'This Idempotency-Key was already used for a different request; send a new key for a new request',
  running: 'A request with this Idempotency-Key is still being processed; retry it in a moment',
} as const;

/**
 * Seconds a client waits before sending a request again whose key is still running: the answer's
 * `Retry-After` (exposed to the pages by CORS), which tells it from a final 409 ("sold out") so that
 * it sends the same key again instead of a new one.
 */
export const RETRY_RUNNING_AFTER_SECONDS = 1;

/** The first answer to one key of one account: `running` until it is known. */
export interface IdempotencyRecord {
  _id: string;
  fingerprint: string;
  state: 'running' | 'done';
  /** This claim among the key's claims (a stale one is taken over once, by its claim id). */
  claimId: string;
  /**
   * The id of what the key creates (an order's `_id`): chosen by the key's first claim and kept by
   * every takeover, so a run after a crash makes the same thing, which the database holds once
   * (absent on records written before it existed).
   */
  resourceId?: string;
  /**
   * The end of a `running` claim's lease (IDEMPOTENCY_LEASE_MS), pushed on while its request runs:
   * a claim past it belongs to a process that died or stalled mid-request, and a retry takes it
   * over. A live request is not cut off by the API's request timeout, so no fixed age would do.
   */
  staleAfter: Date;
  status?: number;
  body?: unknown;
  expiresAt: Date;
}

export interface IdempotencyStore {
  /** false when a record with this `_id` exists (unique insert: atomic on FerretDB too). */
  claim(record: IdempotencyRecord): Promise<boolean>;
  find(id: string): Promise<IdempotencyRecord | null>;
  /** Written only by the request that claimed the record, while its claim is the key's. */
  finish(record: IdempotencyRecord): Promise<void>;
  /** Pushes the lease of a claim still the key's on to `staleAfter`. */
  renew(record: IdempotencyRecord, staleAfter: Date): Promise<void>;
  /**
   * Ends the lease of a claim whose request failed unexpectedly (5xx), so a retry takes it over at
   * once and runs again, on the same resourceId (the failure may have come after the write).
   */
  release(record: IdempotencyRecord): Promise<void>;
  /**
   * Replaces a stale claim with `fresh`; true for exactly one of any number of concurrent callers
   * (the one whose unique insert of the takeover marker of `stale.claimId` wins).
   */
  takeOver(stale: IdempotencyRecord, fresh: IdempotencyRecord): Promise<boolean>;
  /** Deletes records past their 24 hours. */
  sweep(now: Date): Promise<void>;
}

/** The `idempotency_keys` collection of the API's database. */
export function mongoIdempotencyStore(connection: Connection): IdempotencyStore {
  const records = connection.collection<IdempotencyRecord>('idempotency_keys');
  const takeovers = connection.collection<{ _id: string; expiresAt: Date }>(
    'idempotency_takeovers',
  );
  const insertOnce = async <T extends { _id: string }>(
    collection: { insertOne(doc: T): Promise<unknown> },
    doc: T,
  ) => {
    try {
      await collection.insertOne(doc);
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
  };
  // One sweeper at a time across processes: a second one could delete a record inserted anew
  // between its read and its delete (FerretDB's filtered deletes are not atomic).
  const locks = new ApiLocks(mongoLockStore(connection));
  return {
    claim: (record) => insertOnce(records, record),
    find: (id) => records.findOne({ _id: id }),
    // By claim id: a process that lost its claim to a takeover (stalled past its lease) writes
    // nothing over the new claim.
    async finish(record) {
      await records.replaceOne({ _id: record._id, claimId: record.claimId }, record);
    },
    async renew(record, staleAfter) {
      await records.updateOne(
        { _id: record._id, claimId: record.claimId, state: 'running' },
        { $set: { staleAfter } },
      );
    },
    async release(record) {
      await records.updateOne(
        { _id: record._id, claimId: record.claimId, state: 'running' },
        { $set: { staleAfter: new Date(0) } },
      );
    },
    async takeOver(stale, fresh) {
      // Only the marker's winner deletes (by _id alone: atomic on FerretDB too) and claims anew;
      // a new request claiming between the two wins instead, and this one answers 409.
      const marker = { _id: `${stale._id}:${stale.claimId}`, expiresAt: stale.expiresAt };
      if (!(await insertOnce(takeovers, marker))) return false;
      await records.deleteOne({ _id: stale._id });
      return insertOnce(records, fresh);
    },
    sweep: (now) =>
      locks.run('sweep:idempotency_keys', async () => {
        await records.deleteMany({ expiresAt: { $lt: now } });
        await takeovers.deleteMany({ expiresAt: { $lt: now } });
      }),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The parts of a request its key is read from. */
export type KeyedRequest = Pick<
  FastifyRequest,
  'method' | 'url' | 'routeOptions' | 'headers' | 'body'
> & {
  user?: AuthUser;
  /** Set by the interceptor on a keyed call it runs (IdempotentRun). */
  idempotentRun?: KeyedRun;
};

/** What a handler learns of its run of a key (IdempotentRun()). */
export interface KeyedRun {
  /** The id to create the key's resource under: the same in every run of the key. */
  resourceId: string;
  /**
   * An earlier run of the key may have begun (a takeover after a crash or a 5xx): what it did,
   * under resourceId, is to be found and answered, or undone, before running again.
   */
  retried: boolean;
}

/**
 * The KeyedRun of an @Idempotent() route's call sent with a key (undefined without one): a handler
 * that creates something creates it under its resourceId, so that one key makes one thing, whichever
 * process died when.
 */
export const IdempotentRun = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<KeyedRequest>().idempotentRun,
);
/**
 * When each store is swept next: Nest builds the interceptor once per module with @Idempotent()
 * routes, and they share the store, so one sweep per store and minute.
 */
const nextSweeps = new WeakMap<IdempotencyStore, number>();
/** The app's interceptors' check (they share one store), for isKeyedRetry. */
let retryCheck: ((request: KeyedRequest) => Promise<boolean>) | undefined;

/**
 * Whether the request repeats a key its account already used on this route: the ownership guard
 * then lets it through although the record it names is gone (a retried cancel deleted it the
 * first time), so that the interceptor answers it as the first time (or 422) instead of 404.
 */
export function isKeyedRetry(request: KeyedRequest): Promise<boolean> {
  return retryCheck ? retryCheck(request) : Promise.resolve(false);
}

/** The IdempotencyStore the interceptor keeps its records in. */
export const IDEMPOTENCY_STORE = Symbol('idempotency store');
/** The lease of a `running` claim (IDEMPOTENCY_LEASE_MS; see IdempotencyRecord.staleAfter). */
export const IDEMPOTENCY_LEASE = Symbol('idempotency lease ms');
/** The interceptor's clock (tests only; Date.now otherwise). */
export const IDEMPOTENCY_CLOCK = Symbol('idempotency clock');

/**
 * `Idempotency-Key` on the routes of IDEMPOTENT_ROUTES (each marked @Idempotent(), so that the
 * other routes, the catalog reads above all, run without it): the first request of a key (per account;
 * public calls without a signed-in user share one space of keys, random ids that nobody guesses)
 * runs and its answer (status and body, errors below 500 included) is kept for 24 hours in the
 * database, so a retry through any API process gets the same answer without running again. The
 * same key with another body or route answers 422; while the first is still running, 409. A
 * malformed key is a 400. Requests without the header run as always. A running claim holds a short
 * lease its process renews; a retry after the lease ran out (the process died) takes the claim over
 * and runs again under the same KeyedRun.resourceId, which the handler uses to find or make the
 * one thing the key makes.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  /** `leaseMs`: how long a claim outlives its last renewal (renewed every third of it). */
  constructor(
    @Inject(IDEMPOTENCY_STORE) private readonly store: IdempotencyStore,
    @Inject(IDEMPOTENCY_LEASE) private readonly leaseMs: number,
    @Optional() @Inject(IDEMPOTENCY_CLOCK) private readonly now: () => number = Date.now,
  ) {
    retryCheck = (request) => this.isRetry(request);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<KeyedRequest>();
    const keyed = this.keyOf(request);
    if (!keyed) return next.handle();
    const running = () =>
      void http
        .getResponse<FastifyReply | undefined>()
        ?.header('Retry-After', RETRY_RUNNING_AFTER_SECONDS);
    return from(this.once(request, keyed.id, keyed.fingerprint, next, running));
  }

  /** See isKeyedRetry. */
  async isRetry(request: KeyedRequest): Promise<boolean> {
    const keyed = this.keyOf(request);
    return keyed !== undefined && (await this.store.find(keyed.id)) !== null;
  }

  /** The record id (account and key) and fingerprint of a keyed call; 400 for a malformed key. */
  private keyOf(request: KeyedRequest): { id: string; fingerprint: string } | undefined {
    const route = `${request.method} ${request.routeOptions?.url ?? ''}`;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !IDEMPOTENT_ROUTES.has(route)) return undefined;
    const key = Array.isArray(header) ? '' : header;
    if (!KEY_PATTERN.test(key))
      throw new HttpException(errorBody(400, IdempotencyMessages.malformed), 400);
    const account = request.user?.email ?? ANONYMOUS;
    return {
      id: sha256(`${account}\n${key}`),
      fingerprint: sha256(`${route} ${request.url} ${JSON.stringify(request.body ?? null)}`),
    };
  }

  /** `running`: marks the answer as a "still running" 409 before it is thrown. */
  private async once(
    request: KeyedRequest,
    id: string,
    fingerprint: string,
    next: CallHandler,
    running: () => void,
  ) {
    const now = this.now();
    this.sweep(now);
    const claim: IdempotencyRecord = {
      _id: id,
      fingerprint,
      state: 'running',
      claimId: randomUUID(),
      resourceId: new Types.ObjectId().toHexString(),
      staleAfter: new Date(now + this.leaseMs),
      expiresAt: new Date(now + DAY_MS),
    };
    const record = (await this.store.claim(claim)) ? claim : await this.tookOverStale(claim, now);
    if (!record) return this.replay(claim, running);
    request.idempotentRun = { resourceId: record.resourceId!, retried: record !== claim };
    const renewal = setInterval(() => {
      void this.store.renew(record, new Date(this.now() + this.leaseMs)).catch(() => undefined);
    }, this.leaseMs / 3);
    renewal.unref();
    let answer: { status: number; body: unknown };
    try {
      const body: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
      answer = { status: 0, body: JSON.parse(JSON.stringify(body ?? null)) };
    } catch (error) {
      const failure = toErrorBody(error);
      if (failure.statusCode >= 500) {
        await this.store.release(record).catch(() => undefined);
        throw error;
      }
      answer = { status: failure.statusCode, body: failure };
      await this.store.finish({ ...record, state: 'done', ...answer });
      throw error;
    } finally {
      clearInterval(renewal);
    }
    await this.store.finish({ ...record, state: 'done', ...answer });
    return answer.body;
  }

  /**
   * A retry of a request whose process died (or failed with a 5xx) before answering runs it again,
   * once, under the first claim's resourceId: the claim it took over, or undefined.
   */
  private async tookOverStale(
    claim: IdempotencyRecord,
    now: number,
  ): Promise<IdempotencyRecord | undefined> {
    const first = await this.store.find(claim._id);
    const stale =
      first?.state === 'running' &&
      first.fingerprint === claim.fingerprint &&
      new Date(first.staleAfter).getTime() < now;
    if (!stale) return undefined;
    const fresh = { ...claim, resourceId: first.resourceId ?? claim.resourceId };
    return (await this.store.takeOver(first, fresh)) ? fresh : undefined;
  }

  /** The first request's answer: its body (the route's success status) or its error again. */
  private async replay(record: IdempotencyRecord, running: () => void): Promise<unknown> {
    const first = await this.store.find(record._id);
    const stillRunning = () => {
      running();
      return new HttpException(errorBody(409, IdempotencyMessages.running), 409);
    };
    if (!first) throw stillRunning();
    if (first.fingerprint !== record.fingerprint)
      throw new HttpException(errorBody(422, IdempotencyMessages.otherRequest), 422);
    if (first.state === 'running') throw stillRunning();
    if (first.status) throw new HttpException(first.body as object, first.status);
    return first.body;
  }

  private sweep(now: number): void {
    if (now < (nextSweeps.get(this.store) ?? 0)) return;
    nextSweeps.set(this.store, now + SWEEP_EVERY_MS);
    void this.store.sweep(new Date(now)).catch(() => undefined);
  }
}

/**
 * Marks a route of IDEMPOTENT_ROUTES: its IdempotencyInterceptor runs before the route's other
 * interceptors (wherever the decorator stands), so a replayed answer counts no account rate limit
 * and writes no second audit entry.
 */
export const Idempotent = (): MethodDecorator => (_target, _key, descriptor) => {
  const handler = descriptor.value as object;
  const others = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as unknown[];
  Reflect.defineMetadata(INTERCEPTORS_METADATA, [IdempotencyInterceptor, ...others], handler);
};

/** What IdempotencyInterceptor needs, for every module with an @Idempotent() route. */
@Global()
@Module({
  providers: [
    {
      provide: IDEMPOTENCY_STORE,
      useFactory: (connection: Connection) => mongoIdempotencyStore(connection),
      inject: [getConnectionToken()],
    },
    { provide: IDEMPOTENCY_LEASE, useValue: IDEMPOTENCY_LEASE_MS },
  ],
  exports: [IDEMPOTENCY_STORE, IDEMPOTENCY_LEASE],
})
export class IdempotencyModule {}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Documents the optional header (and its 409/422 answers) on every route that honours it. */
export function documentIdempotency(document: OpenAPIObject): OpenAPIObject {
  const errorSchema = {
    'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    const routePath = path.replace(/\{(\w+)\}/g, ':$1');
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || !IDEMPOTENT_ROUTES.has(`${method.toUpperCase()} ${routePath}`)) continue;
      operation.parameters = [
        ...(operation.parameters ?? []),
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry safe: the first answer to this key (per account, or among anonymous ' +
            'callers; 24 hours) is answered ' +
            'again to a retry with the same body, without running the request twice. 8 to 128 ' +
            'characters of A-Z a-z 0-9 - _ : . (400 otherwise).',
          schema: { type: 'string', pattern: KEY_PATTERN.source, minLength: 8, maxLength: 128 },
        },
      ];
      operation.responses = {
        ...operation.responses,
        409: operation.responses[409] ?? {
          description:
            'A request with this Idempotency-Key is still running (with Retry-After: send the same key again then)',
          content: errorSchema,
        },
        422: {
          description: 'This Idempotency-Key was used for a different request',
          content: errorSchema,
        },
      };
    }
  }
  return document;
}
