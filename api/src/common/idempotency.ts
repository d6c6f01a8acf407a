import {
  Global,
  HttpException,
  Inject,
  Injectable,
  Module,
  Optional,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { getConnectionToken } from '@nestjs/mongoose';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Connection } from 'mongoose';
import { createHash, randomUUID } from 'node:crypto';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthUser } from '../auth/auth-user';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { errorBody, toErrorBody } from './api-exception.filter';
import { LeaseLocks, mongoLockStore } from './lease-locks';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const DAY_MS = 86_400_000;
const SWEEP_EVERY_MS = 60_000;

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

/** The first answer to one key of one account: `running` until it is known. */
export interface IdempotencyRecord {
  _id: string;
  fingerprint: string;
  state: 'running' | 'done';
  /** This claim among the key's claims (a stale one is taken over once, by its claim id). */
  claimId: string;
  /**
   * A `running` claim older than this belongs to a process that died mid-request (a live one has
   * answered or been cut off by then): a retry may take it over instead of hearing 409 for a day.
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
  /** Written only by the request that claimed the record. */
  finish(record: IdempotencyRecord): Promise<void>;
  /** Forgets a claim whose request failed unexpectedly (5xx), so a retry runs again. */
  forget(id: string): Promise<void>;
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
  const locks = new LeaseLocks(mongoLockStore(connection));
  return {
    claim: (record) => insertOnce(records, record),
    find: (id) => records.findOne({ _id: id }),
    async finish(record) {
      await records.replaceOne({ _id: record._id }, record);
    },
    async forget(id) {
      await records.deleteOne({ _id: id, state: 'running' });
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
};
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
/** How old a `running` record must be to count as stale (see IdempotencyRecord.staleAfter). */
export const IDEMPOTENCY_STALE_AFTER_MS = Symbol('idempotency stale after ms');
/** The interceptor's clock (tests only; Date.now otherwise). */
export const IDEMPOTENCY_CLOCK = Symbol('idempotency clock');

/**
 * `Idempotency-Key` on the routes of IDEMPOTENT_ROUTES (each marked @Idempotent(), so that the
 * other routes, the catalog reads above all, run without it): the first request of a key (per account;
 * public calls without a signed-in user share one space of keys, random ids that nobody guesses)
 * runs and its answer (status and body, errors below 500 included) is kept for 24 hours in the
 * database, so a retry through any API process gets the same answer without running again. The
 * same key with another body or route answers 422; while the first is still running, 409. A
 * malformed key is a 400. Requests without the header run as always.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  /** `staleAfterMs`: longer than any request may run (twice the API's request timeout). */
  constructor(
    @Inject(IDEMPOTENCY_STORE) private readonly store: IdempotencyStore,
    @Inject(IDEMPOTENCY_STALE_AFTER_MS) private readonly staleAfterMs: number,
    @Optional() @Inject(IDEMPOTENCY_CLOCK) private readonly now: () => number = Date.now,
  ) {
    retryCheck = (request) => this.isRetry(request);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<KeyedRequest>();
    const keyed = this.keyOf(request);
    if (!keyed) return next.handle();
    return from(this.once(keyed.id, keyed.fingerprint, next));
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

  private async once(id: string, fingerprint: string, next: CallHandler) {
    const now = this.now();
    this.sweep(now);
    const record: IdempotencyRecord = {
      _id: id,
      fingerprint,
      state: 'running',
      claimId: randomUUID(),
      staleAfter: new Date(now + this.staleAfterMs),
      expiresAt: new Date(now + DAY_MS),
    };
    if (!(await this.store.claim(record)) && !(await this.tookOverStale(record, now)))
      return this.replay(record);
    let answer: { status: number; body: unknown };
    try {
      const body: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
      answer = { status: 0, body: JSON.parse(JSON.stringify(body ?? null)) };
    } catch (error) {
      const failure = toErrorBody(error);
      if (failure.statusCode >= 500) {
        await this.store.forget(record._id).catch(() => undefined);
        throw error;
      }
      answer = { status: failure.statusCode, body: failure };
      await this.store.finish({ ...record, state: 'done', ...answer });
      throw error;
    }
    await this.store.finish({ ...record, state: 'done', ...answer });
    return answer.body;
  }

  /** A retry of a request whose process died before answering runs it again (once). */
  private async tookOverStale(record: IdempotencyRecord, now: number): Promise<boolean> {
    const first = await this.store.find(record._id);
    const stale =
      first?.state === 'running' &&
      first.fingerprint === record.fingerprint &&
      new Date(first.staleAfter).getTime() < now;
    return stale && this.store.takeOver(first, record);
  }

  /** The first request's answer: its body (the route's success status) or its error again. */
  private async replay(record: IdempotencyRecord): Promise<unknown> {
    const first = await this.store.find(record._id);
    if (!first) throw new HttpException(errorBody(409, IdempotencyMessages.running), 409);
    if (first.fingerprint !== record.fingerprint)
      throw new HttpException(errorBody(422, IdempotencyMessages.otherRequest), 422);
    if (first.state === 'running')
      throw new HttpException(errorBody(409, IdempotencyMessages.running), 409);
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
    {
      provide: IDEMPOTENCY_STALE_AFTER_MS,
      useFactory: (config: ApiConfig) => 2 * config.requestTimeoutMs,
      inject: [API_CONFIG],
    },
  ],
  exports: [IDEMPOTENCY_STORE, IDEMPOTENCY_STALE_AFTER_MS],
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
          description: 'A request with this Idempotency-Key is still running',
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
