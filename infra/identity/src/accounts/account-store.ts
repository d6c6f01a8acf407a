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
  /** When an upstream provider (Google) first vouched for the email; sign-up does not verify it. */
  emailVerifiedAt?: Date;
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

/** The account an upstream sign-in ends in; `tookOver` when it was an unverified account until now. */
export interface UpstreamLink {
  account: Account;
  tookOver: boolean;
}

/** Who an upstream provider says signed in; only called with a verified email. */
export interface VerifiedIdentity {
  subject: string;
  email: string;
  name: string;
}

export class EmailTakenError extends Error {}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const toAccount = (doc: AccountDocument): Account => ({
  id: doc._id,
  email: doc.email,
  name: doc.name,
  emailVerified: doc.emailVerifiedAt !== undefined,
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
      ...(input.upstream ? { upstream: input.upstream, emailVerifiedAt: now } : {}),
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
   * Signs in through an upstream provider that verified the email: links the account with that
   * email, or creates one with the upstream name. An account whose email was never verified is
   * taken over by the verified owner (anyone could have signed up with that email): its password
   * and display name are dropped, and `tookOver` tells the caller to end its sessions and tokens.
   */
  async linkUpstream(provider: string, identity: VerifiedIdentity): Promise<UpstreamLink> {
    const email = normalizeEmail(identity.email);
    const name = identity.name.trim() || email;
    const upstream = `upstream.${provider}`;
    const existing = await this.#accounts.findOne({ email });
    if (!existing) {
      try {
        return { account: await this.create({ email, name, upstream: { [provider]: identity.subject } }), tookOver: false };
      } catch (error) {
        // Two first sign-ins at once: the other one created it.
        if (error instanceof EmailTakenError) return this.linkUpstream(provider, identity);
        throw error;
      }
    }

    const now = new Date();
    if (existing.emailVerifiedAt === undefined) {
      const taken = await this.#accounts.findOneAndUpdate(
        { _id: existing._id, emailVerifiedAt: { $exists: false } },
        {
          $set: { [upstream]: identity.subject, name, emailVerifiedAt: now, updatedAt: now },
          $unset: { passwordHash: '' },
        },
        { returnDocument: 'after' },
      );
      // Null: a parallel upstream sign-in verified it first, so it is linked like any verified account.
      if (taken) return { account: toAccount(taken), tookOver: true };
    }
    if (existing.upstream?.[provider] !== identity.subject) {
      await this.#accounts.updateOne({ _id: existing._id }, { $set: { [upstream]: identity.subject, updatedAt: now } });
    }
    return { account: { ...toAccount(existing), emailVerified: true }, tookOver: false };
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
