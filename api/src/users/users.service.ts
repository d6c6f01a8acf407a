import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ApiMessages,
  isProfileComplete,
  normalizeEmail,
  PROFILE_FIELDS,
  type ModifiedAnswer,
} from '@toolshop/contracts';
import type { Model } from 'mongoose';
import type { AdminDirectory } from '../access/admin-directory';
import type { UserRecords } from '../auth/user-records';
import { modified } from '../common/answers.dto';
import { invalid, notFound } from '../common/domain-error';
import { DatabaseLocks } from '../common/lease-locks';
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

/**
 * The user records. Every update of one record (a profile save, an admin assignment, the bootstrap
 * admins) runs under that user's lease lock (`user:<email>`), shared by every API process: FerretDB
 * v1 applies an update as "read the document, change it in Go, write the whole document back", so
 * two updates of one record at once lose one of them (measured: an admin assignment racing a
 * profile save was undone; of a profile save and a sign-in upsert, the later write put back the
 * fields the earlier had replaced). One writer at a time keeps both; on MongoDB each update is
 * atomic anyway. A profile save sets all five fields together, so of two concurrent saves one whole
 * profile wins, never a mix. The first call's insert of a new record needs no lock: an insert
 * changes no existing record.
 */
@Injectable()
export class UsersService implements OnApplicationBootstrap, AdminDirectory, UserRecords {
  /** Emails whose record exists: the first authenticated call upserts it, later ones skip the write. */
  private readonly known = new Set<string>();

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly locks: DatabaseLocks,
  ) {}

  /** One write of the record of `email` at a time, across processes. */
  private write<T>(email: string, change: () => Promise<T>): Promise<T> {
    return this.locks.run(`user:${email}`, change);
  }

  /** ADMIN_EMAILS are bootstrap admins: their records are created (or promoted) at start. */
  async onApplicationBootstrap(): Promise<void> {
    for (const email of this.config.adminEmails) {
      const promote = () =>
        this.users.updateOne({ email }, { $set: { role: 'admin' } }, { upsert: true });
      await this.write(email, () =>
        promote().catch((error: { code?: number }) => {
          // The admin's first request (ensureUser's insert, unlocked) created the record meanwhile.
          if (error.code !== 11000) throw error;
          return promote();
        }),
      );
    }
  }

  async ensureUser(email: string, name: string): Promise<void> {
    if (this.known.has(email)) return;
    try {
      // An insert cannot overwrite a record another write is changing, so it needs no lock: one
      // write, where a locked upsert took three (the lease's insert and delete around it).
      await this.users.create({ email, name });
    } catch (error) {
      // The record exists (an earlier sign-in, or a first request of this user at the same time).
      if ((error as { code?: number }).code !== 11000) throw error;
    }
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
    const result = await this.write(email, () =>
      this.users.updateOne({ email }, update, { upsert: true }),
    );
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
    const result = await this.write(target, () =>
      this.users.updateOne({ email: target, role: { $ne: 'admin' } }, { $set: { role: 'admin' } }),
    );
    if (result.modifiedCount > 0) return modified(1, 1);
    if (!(await this.users.exists({ email: target }))) throw notFound(ApiMessages.userNotFound);
    return modified(1, 0);
  }
}
