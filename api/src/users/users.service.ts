import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ApiMessages,
  isProfileComplete,
  normalizeEmail,
  PROFILE_FIELDS,
  type ModifiedAnswer,
} from '@toolshop/contracts';
import type { Model, UpdateQuery } from 'mongoose';
import type { AdminDirectory } from '../access/admin-directory';
import { recordChange } from '../audit/audit-trail';
import type { UserRecords } from '../auth/user-records';
import { modified } from '../common/answers.dto';
import { DatabaseLocks, type ApiLocks } from '../common/lease-locks';
import { invalid, notFound } from '../common/domain-error';
import { countOf, type Page } from '../common/pagination';
import { API_CONFIG, type ApiConfig } from '../config/config';
import type { ProfileDto } from './profile.dto';
import { User } from './user.schema';

const PROFILE_PROJECTION = {
  email: 1,
  location: 1,
  phone: 1,
  education: 1,
  linkedIn: 1,
  company: 1,
  taxId: 1,
  role: 1,
};
/** Optional billing fields (invoices): saved with the five fields; an empty value removes one. */
const BILLING_FIELDS = ['company', 'taxId'] as const;
const KNOWN_USERS_CAP = 50_000;
/** Writes of one new email at once: each retries after losing the race to the first insert. */
/** A user's first requests all race to make the record (several at once, on several processes). */
const FIRST_WRITE_ATTEMPTS = 10;

/** A short, growing, jittered pause before retrying a lost first write, so the racers spread out. */
const pauseBeforeRetry = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, 10 + Math.random() * 20 * 2 ** Math.min(attempt, 5)),
  );

/**
 * The write met a concurrent first write of the same email: E11000 from the unique index or, on
 * FerretDB v2 (DocumentDB makes a unique index a PostgreSQL exclusion constraint), sometimes
 * deadlock_detected (SQLSTATE 40P01, answered as code 16908292 or by its message), measured on concurrent inserts
 * and upserts of one new email. Either way one racing write went through; a retry finds it.
 */
const lostFirstWrite = (error: unknown) => {
  const { code, message } = error as { code?: number; message?: string };
  // The deadlock also comes with other codes (seen: none of these, "deadlock detected" only).
  return [11000, 16908292].includes(code ?? 0) || /deadlock detected/i.test(message ?? '');
};

/**
 * The user records. Every change of one record is one update with operators, which the database
 * applies atomically (MongoDB, and FerretDB v2 over PostgreSQL alike), so concurrent changes of one
 * record (an admin assignment and a profile save) both keep their fields. A profile save sets all
 * five fields together, so of two concurrent saves one whole profile wins, never a mix.
 */
@Injectable()
export class UsersService implements OnApplicationBootstrap, AdminDirectory, UserRecords {
  /** Emails whose record exists: the first authenticated call upserts it, later ones skip the write. */
  private readonly known = new Set<string>();
  /** The first write of each email under way in this process: its other first requests wait for it. */
  private readonly firstWrites = new Map<string, Promise<void>>();

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(DatabaseLocks) private readonly locks: ApiLocks,
  ) {}

  /**
   * A write that may create the record of `email` runs alone for that email across every API
   * process (a lease: an insert on `_id`, which never deadlocks), unless this process knows the
   * record exists: racing inserts against the unique email index can deadlock one another on
   * FerretDB v2 round after round (lostFirstWrite), which a retry alone did not always outlast.
   */
  private creating<T>(email: string, write: () => Promise<T>): Promise<T> {
    return this.known.has(email) ? write() : this.locks.run(`user:${email}`, write);
  }

  /**
   * Updates the record of `email`, creating it if missing. Should two upserts of a new email still
   * meet, the unique email index refuses the second (lostFirstWrite), which then finds the record.
   */
  private upsert(email: string, update: UpdateQuery<User>) {
    return this.creating(email, async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.users.updateOne({ email }, update, { upsert: true });
        } catch (error) {
          if (attempt >= FIRST_WRITE_ATTEMPTS || !lostFirstWrite(error)) throw error;
          await pauseBeforeRetry(attempt);
        }
      }
    });
  }

  /** ADMIN_EMAILS are bootstrap admins: their records are created (or promoted) at start. */
  async onApplicationBootstrap(): Promise<void> {
    for (const email of this.config.adminEmails)
      await this.upsert(email, { $set: { role: 'admin' } });
  }

  async ensureUser(email: string, name: string): Promise<void> {
    if (this.known.has(email)) return;
    // A page's first calls come together: one insert per process, not one per call.
    let write = this.firstWrites.get(email);
    if (!write) {
      write = this.createOnce(email, name).finally(() => this.firstWrites.delete(email));
      this.firstWrites.set(email, write);
    }
    await write;
  }

  private async createOnce(email: string, name: string): Promise<void> {
    await this.creating(email, async () => {
      // Another process made it while this one waited for the lease.
      if (await this.users.exists({ email })) return;
      for (let attempt = 1; ; attempt++) {
        try {
          // An insert cannot overwrite a record another write is changing.
          await this.users.create({ email, name });
          return;
        } catch (error) {
          // The record exists (an earlier sign-in, or a first request of this user at the same time).
          if ((error as { code?: number }).code === 11000) return;
          if (!lostFirstWrite(error)) throw error;
          // A deadlock with another first write: one of them went through, or will once its
          // transaction ends; a failure here is a 401.
          if (await this.users.exists({ email })) return;
          if (attempt >= FIRST_WRITE_ATTEMPTS) throw error;
          await pauseBeforeRetry(attempt);
        }
      }
    });
    if (this.known.size >= KNOWN_USERS_CAP) this.known.clear();
    this.known.add(email);
  }

  async isAdmin(email: string): Promise<boolean> {
    const user = await this.users.findOne({ email }, { role: 1 }).lean();
    return user?.role === 'admin';
  }

  async profiles(email: string) {
    return this.users.find({ email: normalizeEmail(email) }, PROFILE_PROJECTION).lean();
  }

  /**
   * PUT /users: `{ email }` alone (sent after sign-in, creates the record) or all five profile
   * fields; the body's email is the owner's.
   */
  async updateProfile(
    email: string,
    body: ProfileDto,
  ): Promise<ModifiedAnswer & { upsertedCount: number }> {
    if (body.email !== email) throw invalid(ApiMessages.emailMustBeYours);
    const onlyEmail = [...PROFILE_FIELDS, ...BILLING_FIELDS].every(
      (field) => field === 'email' || body[field] === undefined,
    );
    if (!onlyEmail && !isProfileComplete(body)) throw invalid(ApiMessages.profileIncomplete);
    const set: Partial<Record<(typeof PROFILE_FIELDS | typeof BILLING_FIELDS)[number], string>> =
      {};
    if (isProfileComplete(body)) {
      for (const field of PROFILE_FIELDS) if (field !== 'email') set[field] = body[field];
    }
    const unset: Partial<Record<(typeof BILLING_FIELDS)[number], 1>> = {};
    for (const field of BILLING_FIELDS) {
      const value = body[field]?.trim();
      if (value) set[field] = value;
      else if (value === '') unset[field] = 1;
    }
    const update = {
      ...(Object.keys(set).length ? { $set: set } : {}),
      ...(Object.keys(unset).length ? { $unset: unset } : {}),
      $setOnInsert: { email },
    };
    const result = await this.upsert(email, update);
    this.known.add(email);
    return {
      ...modified(result.matchedCount, result.modifiedCount),
      upsertedCount: result.upsertedCount,
    };
  }

  async list(page: Page) {
    const [users, total] = await Promise.all([
      this.users
        .find({}, { email: 1, role: 1 })
        .sort({ email: 1 })
        .skip(page.skip)
        .limit(page.limit)
        .lean(),
      page.requested ? countOf(this.users) : Promise.resolve(undefined),
    ]);
    return { users, total };
  }

  /** Idempotent: an existing admin answers modifiedCount 0 (on MongoDB and FerretDB alike). */
  async makeAdmin(email: string): Promise<ModifiedAnswer> {
    const target = normalizeEmail(email);
    // The record as this conditional write found it: its role before (none for a customer).
    const before = await this.users
      .findOneAndUpdate(
        { email: target, role: { $ne: 'admin' } },
        { $set: { role: 'admin' } },
        { returnDocument: 'before' },
      )
      .lean();
    if (before) {
      recordChange({ role: before.role ?? null }, { role: 'admin' });
      return modified(1, 1);
    }
    if (!(await this.users.exists({ email: target }))) throw notFound(ApiMessages.userNotFound);
    return modified(1, 0);
  }
}
