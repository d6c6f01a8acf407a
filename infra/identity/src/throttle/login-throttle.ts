import { setTimeout as sleep } from 'node:timers/promises';
import { normalizeEmail } from '@toolshop/contracts';
import { randomUUID } from 'node:crypto';
import { MongoServerError, type Collection, type Db } from 'mongodb';

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

/** Per key: the lock, and the epoch that names the current set of attempt slots. */
interface LockDocument {
  _id: string;
  lockedUntil?: Date;
  /** Changed by a lock and by a successful sign-in: the attempts count from zero again. */
  epoch?: string;
}

/** One reserved attempt: slot `n` (1..limit) of a key within a window and epoch. */
interface SlotDocument {
  _id: string;
  key: string;
  at: Date;
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

/** What `reserve` hands back: settle it with `succeeded` or `failed` once the password was checked. */
export interface LoginAttempt {
  /** Clears the account's failures and releases the address's reservation. */
  succeeded(): Promise<void>;
  /** Keeps the reservation as a failure; returns a LoginLockedError when this failure locked the account or address. */
  failed(): Promise<LoginLockedError | undefined>;
}

/**
 * Slows down, then refuses, repeated failed sign-ins per account and per client address
 * (collection `login_attempts`, shared by every instance of the provider). Every attempt is
 * counted atomically ($inc) before its password is checked, so simultaneous guesses cannot all
 * read the same count: the attempt over the limit is refused whatever the others do.
 */
export class LoginThrottle {
  readonly #locks: Collection<LockDocument>;
  readonly #slots: Collection<SlotDocument>;
  readonly #policy: LoginThrottlePolicy;

  constructor(db: Db, policy: LoginThrottlePolicy = DEFAULT_LOGIN_THROTTLE) {
    this.#locks = db.collection<LockDocument>('login_attempts');
    this.#slots = db.collection<SlotDocument>('login_attempt_slots');
    this.#policy = policy;
  }

  #keys(email: string, address: string) {
    return [`account:${normalizeEmail(email)}`, `address:${address}`] as const;
  }

  /**
   * Reserves the lowest free slot 1..limit of the key by inserting it: a unique insert is atomic on
   * every MongoDB-compatible server (FerretDB's updates are not), so simultaneous attempts always
   * get different slots. Undefined when every slot is taken (over the limit).
   */
  async #reserveSlot(key: string, limit: number, now: number) {
    const lock = await this.#locks.findOne({ _id: key });
    const lockedUntil = lock?.lockedUntil?.getTime() ?? 0;
    if (lockedUntil > now) throw new LoginLockedError(lockedUntil - now);
    const prefix = `${key}|${Math.floor(now / this.#policy.windowMs)}|${lock?.epoch ?? ''}|`;
    const taken = await this.#slots.countDocuments({ _id: { $gte: prefix, $lt: `${prefix}~` } });
    for (let step = 0; step < limit; step++) {
      const n = ((taken + step) % limit) + 1;
      try {
        await this.#slots.insertOne({ _id: `${prefix}${n}`, key, at: new Date(now) });
        return { id: `${prefix}${n}`, prefix, n };
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
      }
    }
    return undefined;
  }

  /** Sets fields of the key's lock document; simultaneous first upserts may collide once, then it exists. */
  async #setLock(key: string, fields: Partial<LockDocument>) {
    for (let tries = 0; ; tries++) {
      try {
        await this.#locks.updateOne({ _id: key }, { $set: fields }, { upsert: true });
        return;
      } catch (error) {
        if (!(tries < 2 && error instanceof MongoServerError && error.code === 11000)) throw error;
      }
    }
  }

  #lock(key: string, now: number) {
    return this.#setLock(key, {
      lockedUntil: new Date(now + this.#policy.lockMs),
      epoch: randomUUID(),
    });
  }

  /**
   * Call before checking a password: reserves the attempt (counted as a failure unless it
   * `succeeded`), throws LoginLockedError while the account or the address is locked or has no
   * attempt left, otherwise waits the slow-down delay that the earlier attempts call for.
   */
  async reserve(email: string, address: string): Promise<LoginAttempt> {
    const now = Date.now();
    const [accountKey, addressKey] = this.#keys(email, address);
    const {
      accountLimit,
      addressLimit,
      slowAfter,
      addressSlowAfter,
      delayStepMs,
      maxDelayMs,
      lockMs,
    } = this.#policy;
    if (Math.random() < 0.01) void this.#sweep(now).catch(() => {});

    const account = await this.#reserveSlot(accountKey, accountLimit, now);
    if (!account) {
      await this.#lock(accountKey, now);
      throw new LoginLockedError(lockMs);
    }
    let client;
    try {
      client = await this.#reserveSlot(addressKey, addressLimit, now);
    } catch (error) {
      await this.#slots.deleteOne({ _id: account.id });
      throw error;
    }
    if (!client) {
      await Promise.all([this.#slots.deleteOne({ _id: account.id }), this.#lock(addressKey, now)]);
      throw new LoginLockedError(lockMs);
    }

    // The attempts before this one decide its delay.
    const steps = Math.max(account.n - slowAfter, client.n - addressSlowAfter);
    if (steps > 0) await sleep(Math.min(maxDelayMs, steps * delayStepMs));

    return {
      succeeded: async () => {
        // The account counts from zero again; the address gives its attempt back.
        await Promise.all([
          this.#setLock(accountKey, { epoch: randomUUID() }),
          this.#slots.deleteOne({ _id: client.id }),
        ]);
      },
      failed: async () => {
        const at = Date.now();
        let locked: LoginLockedError | undefined;
        for (const [key, slot, limit] of [
          [accountKey, account, accountLimit],
          [addressKey, client, addressLimit],
        ] as const) {
          if (slot.n < limit) continue;
          await this.#lock(key, at);
          locked = new LoginLockedError(lockMs);
        }
        return locked;
      },
    };
  }

  /** Attempts of earlier windows no longer count. */
  async #sweep(now: number) {
    await this.#slots.deleteMany({ at: { $lt: new Date(now - 2 * this.#policy.windowMs) } });
  }
}
