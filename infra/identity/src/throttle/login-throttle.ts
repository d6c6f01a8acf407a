import { setTimeout as sleep } from 'node:timers/promises';
import type { Collection, Db } from 'mongodb';

export interface LoginThrottlePolicy {
  /** Failures are counted within this window (ms). */
  windowMs: number;
  /**
   * From this many failures of an account (or of an address: addressSlowAfter) on, each further
   * attempt waits `delayStepMs` more, up to maxDelayMs.
   */
  slowAfter: number;
  addressSlowAfter: number;
  delayStepMs: number;
  maxDelayMs: number;
  /** Failures for one account, or from one address, that lock it for `lockMs`. */
  accountLimit: number;
  addressLimit: number;
  lockMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = {
  windowMs: 15 * 60_000,
  slowAfter: 3,
  addressSlowAfter: 10,
  delayStepMs: 500,
  maxDelayMs: 3000,
  accountLimit: 8,
  addressLimit: 30,
  lockMs: 15 * 60_000,
};

interface AttemptDocument {
  _id: string;
  failures: number;
  windowStart: Date;
  lockedUntil?: Date;
}

export class LoginLockedError extends Error {
  readonly retryAfterSeconds: number;

  constructor(retryAfterMs: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    super(
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
    this.retryAfterSeconds = Math.ceil(retryAfterMs / 1000);
  }
}

/**
 * Slows down, then refuses, repeated failed sign-ins per account and per client address
 * (collection `login_attempts`, shared by every instance of the provider).
 */
export class LoginThrottle {
  readonly #attempts: Collection<AttemptDocument>;
  readonly #policy: LoginThrottlePolicy;

  constructor(db: Db, policy: LoginThrottlePolicy = DEFAULT_LOGIN_THROTTLE) {
    this.#attempts = db.collection<AttemptDocument>('login_attempts');
    this.#policy = policy;
  }

  #keys(email: string, address: string) {
    return [`account:${email.trim().toLowerCase()}`, `address:${address}`] as const;
  }

  async #current(key: string, now: number): Promise<AttemptDocument | undefined> {
    const doc = await this.#attempts.findOne({ _id: key });
    if (!doc) return undefined;
    const locked = doc.lockedUntil && doc.lockedUntil.getTime() > now;
    if (!locked && now - doc.windowStart.getTime() > this.#policy.windowMs) return undefined;
    return doc;
  }

  /**
   * Call before checking a password: throws LoginLockedError while the account or the address is
   * locked, otherwise waits the slow-down delay that the recent failures call for.
   */
  async beforeAttempt(email: string, address: string): Promise<void> {
    const now = Date.now();
    const docs = await Promise.all(this.#keys(email, address).map((key) => this.#current(key, now)));
    const lockedUntil = Math.max(0, ...docs.map((doc) => doc?.lockedUntil?.getTime() ?? 0));
    if (lockedUntil > now) throw new LoginLockedError(lockedUntil - now);

    const { slowAfter, addressSlowAfter, delayStepMs, maxDelayMs } = this.#policy;
    const [account, client] = docs;
    const steps = Math.max(
      (account?.failures ?? 0) - slowAfter + 1,
      (client?.failures ?? 0) - addressSlowAfter + 1,
    );
    if (steps > 0) await sleep(Math.min(maxDelayMs, steps * delayStepMs));
  }

  /** Records a failed attempt; returns a LoginLockedError when this failure locked the account or address. */
  async recordFailure(email: string, address: string): Promise<LoginLockedError | undefined> {
    const now = Date.now();
    const [accountKey, addressKey] = this.#keys(email, address);
    const limits = new Map([
      [accountKey, this.#policy.accountLimit],
      [addressKey, this.#policy.addressLimit],
    ]);
    let locked: LoginLockedError | undefined;
    for (const [key, limit] of limits) {
      const doc = await this.#current(key, now);
      const failures = (doc?.failures ?? 0) + 1;
      const lockedUntil = failures >= limit ? new Date(now + this.#policy.lockMs) : undefined;
      await this.#attempts.updateOne(
        { _id: key },
        {
          $set: {
            failures: lockedUntil ? 0 : failures,
            windowStart: doc?.windowStart ?? new Date(now),
            ...(lockedUntil ? { lockedUntil } : {}),
          },
        },
        { upsert: true },
      );
      if (lockedUntil) locked = new LoginLockedError(this.#policy.lockMs);
    }
    return locked;
  }

  /** A successful sign-in clears the account's failures (the address keeps its count). */
  async recordSuccess(email: string): Promise<void> {
    const [accountKey] = this.#keys(email, '');
    await this.#attempts.deleteOne({ _id: accountKey });
  }
}
