import { randomUUID } from 'node:crypto';
import { MongoServerError, type Collection, type Db } from 'mongodb';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password-hash.ts';

export interface AccountDocument {
  /** The OIDC subject (`sub`). */
  _id: string;
  /** Lower-cased and trimmed: emails are unique regardless of case. */
  email: string;
  name: string;
  /** Absent for accounts created through Google only. */
  passwordHash?: string;
  /** Subjects at upstream providers, e.g. { google: '1234' }. */
  upstream?: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

export interface Account {
  id: string;
  email: string;
  name: string;
  /** True once an upstream provider (Google) vouched for the email; sign-up does not verify it. */
  emailVerified: boolean;
}

export class EmailTakenError extends Error {}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const toAccount = (doc: AccountDocument): Account => ({
  id: doc._id,
  email: doc.email,
  name: doc.name,
  emailVerified: Object.keys(doc.upstream ?? {}).length > 0,
});

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

/** Accounts in the provider's own database (collection `accounts`). */
export class AccountStore {
  readonly #accounts: Collection<AccountDocument>;

  constructor(db: Db) {
    this.#accounts = db.collection<AccountDocument>('accounts');
  }

  async init(): Promise<void> {
    await this.#accounts.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
  }

  async findById(id: string): Promise<Account | undefined> {
    const doc = await this.#accounts.findOne({ _id: id });
    return doc ? toAccount(doc) : undefined;
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const doc = await this.#accounts.findOne({ email: normalizeEmail(email) });
    return doc ? toAccount(doc) : undefined;
  }

  /** @throws EmailTakenError */
  async create(input: { email: string; name: string; password?: string; upstream?: Record<string, string> }) {
    const now = new Date();
    const doc: AccountDocument = {
      _id: randomUUID(),
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      ...(input.password === undefined ? {} : { passwordHash: await hashPassword(input.password) }),
      ...(input.upstream ? { upstream: input.upstream } : {}),
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.#accounts.insertOne(doc);
    } catch (error) {
      if (isDuplicateKey(error)) throw new EmailTakenError(doc.email);
      throw error;
    }
    return toAccount(doc);
  }

  /** The account when the password matches; the same work is done when the email is unknown. */
  async authenticate(email: string, password: string): Promise<Account | undefined> {
    const doc = await this.#accounts.findOne({ email: normalizeEmail(email) });
    const matches = await verifyPassword(password, doc?.passwordHash ?? DUMMY_HASH);
    return doc?.passwordHash && matches ? toAccount(doc) : undefined;
  }

  async updateName(id: string, name: string): Promise<Account | undefined> {
    await this.#accounts.updateOne({ _id: id }, { $set: { name: name.trim(), updatedAt: new Date() } });
    return this.findById(id);
  }

  /**
   * Signs in through an upstream provider whose email is verified: links the existing account with
   * that email, or creates one with the upstream name.
   */
  async linkUpstream(provider: string, subject: string, email: string, name: string): Promise<Account> {
    const existing = await this.#accounts.findOne({ email: normalizeEmail(email) });
    if (existing) {
      if (existing.upstream?.[provider] !== subject) {
        await this.#accounts.updateOne(
          { _id: existing._id },
          { $set: { [`upstream.${provider}`]: subject, updatedAt: new Date() } },
        );
      }
      return { ...toAccount(existing), emailVerified: true };
    }
    try {
      return await this.create({ email, name: name || email, upstream: { [provider]: subject } });
    } catch (error) {
      // Two first sign-ins at once: the other one created it.
      if (error instanceof EmailTakenError) return this.linkUpstream(provider, subject, email, name);
      throw error;
    }
  }

  /** Creates the demo account, or resets its password to the configured one (development only). */
  async ensure(input: { email: string; name: string; password: string }): Promise<Account> {
    const existing = await this.#accounts.findOne({ email: normalizeEmail(input.email) });
    if (!existing) return this.create(input);
    if (!existing.passwordHash || !(await verifyPassword(input.password, existing.passwordHash))) {
      const passwordHash = await hashPassword(input.password);
      await this.#accounts.updateOne({ _id: existing._id }, { $set: { passwordHash, updatedAt: new Date() } });
    }
    return toAccount(existing);
  }
}
