import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { NAME_MAX_LENGTH, nameError, normalizeEmail } from '@toolshop/contracts';
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
  /** When the owner followed the verification link, or an upstream provider (Google) vouched for the email. */
  emailVerifiedAt?: Date;
  /** The pending verification link: only the sha256 of its token is stored. */
  verification?: { tokenHash: string; expiresAt: Date };
  createdAt: Date;
  updatedAt: Date;
}

export interface Account {
  id: string;
  email: string;
  name: string;
  /** True once the owner followed the verification link (or Google vouched for the email). */
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

export { normalizeEmail };

/** Upstream key of accounts the development stand-in created (its identities reach no other account). */
export const STANDIN_UPSTREAM = 'standin';
/** A verification link works for this long, once. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60_000;

/** The name of an account an upstream (Google) creates when its own name breaks the shop's rule. */
export const UPSTREAM_FALLBACK_NAME = 'Toolshop customer';

/**
 * An upstream's name made to follow the shop's name rule (one line, at most 60 characters, no
 * link): control and invisible characters become spaces; a name that still breaks the rule, or
 * none, becomes UPSTREAM_FALLBACK_NAME (never the email, which is no name).
 */
export function upstreamName(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, NAME_MAX_LENGTH)
    .trim();
  return nameError(cleaned) ? UPSTREAM_FALLBACK_NAME : cleaned;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const toAccount = (doc: AccountDocument): Account => ({
  id: doc._id,
  email: doc.email,
  name: doc.name,
  emailVerified: doc.emailVerifiedAt !== undefined,
});

const isDuplicateKey = (error: unknown) =>
  error instanceof MongoServerError && error.code === 11000;

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
  async create(input: {
    email: string;
    name: string;
    password?: string;
    /** A hash made earlier (a sign-up finished through its mailed link), instead of `password`. */
    passwordHash?: string;
    upstream?: Record<string, string>;
    verified?: boolean;
  }) {
    const now = new Date();
    const passwordHash =
      input.passwordHash ??
      (input.password === undefined ? undefined : await hashPassword(input.password));
    const doc: AccountDocument = {
      _id: randomUUID(),
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      ...(passwordHash === undefined ? {} : { passwordHash }),
      ...(input.upstream ? { upstream: input.upstream } : {}),
      ...(input.upstream || input.verified ? { emailVerifiedAt: now } : {}),
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
    await this.#accounts.updateOne(
      { _id: id },
      { $set: { name: name.trim(), updatedAt: new Date() } },
    );
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
    const name = upstreamName(identity.name);
    const upstream = `upstream.${provider}`;
    const existing = await this.#accounts.findOne({ email });
    if (!existing) {
      try {
        return {
          account: await this.create({ email, name, upstream: { [provider]: identity.subject } }),
          tookOver: false,
        };
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
      await this.#accounts.updateOne(
        { _id: existing._id },
        { $set: { [upstream]: identity.subject, updatedAt: now } },
      );
    }
    return { account: { ...toAccount(existing), emailVerified: true }, tookOver: false };
  }

  /**
   * Signs in an identity asserted by the development stand-in, which believes any typed email: only
   * an account the stand-in itself created for this subject, or a new one. Undefined when another
   * account has the email (it is never linked or taken over).
   */
  async signInFromStandin(identity: VerifiedIdentity): Promise<Account | undefined> {
    const email = normalizeEmail(identity.email);
    const existing = await this.#accounts.findOne({ email });
    if (existing)
      return existing.upstream?.[STANDIN_UPSTREAM] === identity.subject
        ? toAccount(existing)
        : undefined;
    try {
      const name = upstreamName(identity.name);
      return await this.create({ email, name, upstream: { [STANDIN_UPSTREAM]: identity.subject } });
    } catch (error) {
      if (error instanceof EmailTakenError) return this.signInFromStandin(identity);
      throw error;
    }
  }

  /**
   * A new verification link token for the account (replacing any earlier one); only its sha256 is
   * stored. Undefined when the account is already verified or gone.
   */
  async newVerificationToken(id: string): Promise<string | undefined> {
    const token = randomBytes(32).toString('base64url');
    const result = await this.#accounts.updateOne(
      { _id: id, emailVerifiedAt: { $exists: false } },
      {
        $set: {
          verification: {
            tokenHash: sha256(token),
            expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
          },
        },
      },
    );
    return result.modifiedCount === 1 ? token : undefined;
  }

  /** Verifies the email of the token's account, once (a conditional update); undefined when invalid, used or expired. */
  async verifyEmail(token: string): Promise<Account | undefined> {
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const now = new Date();
    const doc = await this.#accounts.findOneAndUpdate(
      { 'verification.tokenHash': sha256(token), 'verification.expiresAt': { $gt: now } },
      { $set: { emailVerifiedAt: now, updatedAt: now }, $unset: { verification: '' } },
      { returnDocument: 'after' },
    );
    return doc ? toAccount(doc) : undefined;
  }

  /**
   * Sets a new password. `proven`: the owner just showed they read the address's mail (a reset
   * link), so an unverified email counts as verified from now on.
   */
  async setPassword(id: string, password: string, proven = false): Promise<Account | undefined> {
    const now = new Date();
    await this.#accounts.updateOne(
      { _id: id },
      { $set: { passwordHash: await hashPassword(password), updatedAt: now } },
    );
    if (proven) {
      await this.#accounts.updateOne(
        { _id: id, emailVerifiedAt: { $exists: false } },
        { $set: { emailVerifiedAt: now }, $unset: { verification: '' } },
      );
    }
    return this.findById(id);
  }

  /** Creates the demo account (verified), or resets its password to the configured one (development only). */
  async ensure(input: { email: string; name: string; password: string }): Promise<Account> {
    const existing = await this.#accounts.findOne({ email: normalizeEmail(input.email) });
    if (!existing) return this.create({ ...input, verified: true });
    const set: Partial<AccountDocument> = {};
    if (!existing.passwordHash || !(await verifyPassword(input.password, existing.passwordHash))) {
      set.passwordHash = await hashPassword(input.password);
    }
    if (!existing.emailVerifiedAt) set.emailVerifiedAt = new Date();
    if (Object.keys(set).length) {
      await this.#accounts.updateOne(
        { _id: existing._id },
        { $set: { ...set, updatedAt: new Date() } },
      );
    }
    return { ...toAccount(existing), emailVerified: true };
  }
}
