import { MongoServerError, type Collection, type Db } from 'mongodb';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';

interface StoredModel {
  _id: string;
  payload: AdapterPayload;
  expiresAt?: Date;
}

const collectionName = (prefix: string, model: string) =>
  `${prefix}_${model.replace(/[A-Z]/g, (c, i) => (i ? '_' : '') + c.toLowerCase())}`;

const live = () => ({
  $or: [{ expiresAt: { $exists: false } }, { expiresAt: { $gt: new Date() } }],
});

/**
 * oidc-provider's storage (grants, sessions, codes, refresh tokens, interactions) in MongoDB.
 * Expiry is checked on read and swept by `sweepExpired`, because TTL indexes are not available on
 * every wire-compatible server (FerretDB v1).
 */
export function mongoAdapterFactory(db: Db, prefix = 'oidc') {
  const collections = new Map<string, Collection<StoredModel>>();

  const collectionFor = (model: string) => {
    let collection = collections.get(model);
    if (!collection) {
      collection = db.collection<StoredModel>(collectionName(prefix, model));
      collections.set(model, collection);
    }
    return collection;
  };

  /** Which codes and refresh tokens were used (`<collection>:<id>`). */
  const consumed = db.collection<{ _id: string; at: Date }>(`${prefix}_consumed`);

  /** Deletes a grant and everything issued under it, in every model. */
  const revokeGrant = async (grantId: string) => {
    await Promise.all([
      collectionFor('Grant').deleteOne({ _id: grantId }),
      ...PERSISTED_MODELS.map((model) =>
        collectionFor(model).deleteMany({ 'payload.grantId': grantId }),
      ),
    ]);
  };

  class MongoAdapter implements Adapter {
    readonly #collection: Collection<StoredModel>;

    constructor(model: string) {
      this.#collection = collectionFor(model);
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : undefined;
      await this.#collection.updateOne(
        { _id: id },
        { $set: { payload, ...(expiresAt ? { expiresAt } : {}) } },
        { upsert: true },
      );
    }

    async #findOne(filter: Record<string, unknown>) {
      const doc = await this.#collection.findOne({ ...filter, ...live() });
      return doc?.payload;
    }

    find(id: string) {
      return this.#findOne({ _id: id });
    }

    findByUid(uid: string) {
      return this.#findOne({ 'payload.uid': uid });
    }

    findByUserCode(userCode: string) {
      return this.#findOne({ 'payload.userCode': userCode });
    }

    /**
     * Marks a code or refresh token used, only if it was not: of simultaneous redemptions exactly one
     * wins (a unique insert, atomic on every MongoDB-compatible server; FerretDB's conditional
     * updates are not). The others mean the token was copied, so its whole grant is revoked.
     */
    async consume(id: string) {
      try {
        await consumed.insertOne({
          _id: `${this.#collection.collectionName}:${id}`,
          at: new Date(),
        });
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
        const doc = await this.#collection.findOne({ _id: id });
        if (doc?.payload.grantId) await revokeGrant(doc.payload.grantId);
        throw new errors.InvalidGrant('token already used');
      }
      await this.#collection.updateOne(
        { _id: id },
        { $set: { 'payload.consumed': Math.floor(Date.now() / 1000) } },
      );
    }

    async destroy(id: string) {
      await this.#collection.deleteOne({ _id: id });
    }

    async revokeByGrantId(grantId: string) {
      await this.#collection.deleteMany({ 'payload.grantId': grantId });
    }
  }

  return {
    MongoAdapter,
    async createIndexes(models: string[]) {
      for (const model of models) {
        const collection = collectionFor(model);
        await collection.createIndex({ 'payload.grantId': 1 });
        await collection.createIndex({ 'payload.uid': 1 });
        await collection.createIndex({ expiresAt: 1 });
      }
    },
    /**
     * Ends everything an account holds: browser sessions (except `keepSessionUid`, the browser
     * signing in right now), grants, codes and refresh tokens. JWT access tokens are not stored;
     * they run out within their 15 minutes.
     */
    async revokeAccount(accountId: string, keepSessionUid?: string) {
      const sessions = keepSessionUid ? { 'payload.uid': { $ne: keepSessionUid } } : {};
      await collectionFor('Session').deleteMany({ 'payload.accountId': accountId, ...sessions });
      await Promise.all(
        ['Grant', 'AuthorizationCode', 'RefreshToken', 'AccessToken'].map((model) =>
          collectionFor(model).deleteMany({ 'payload.accountId': accountId }),
        ),
      );
    },
    async sweepExpired() {
      const now = new Date();
      await Promise.all(
        [...collections.values()].map((c) => c.deleteMany({ expiresAt: { $lte: now } })),
      );
      // Refresh tokens live 14 days at most; their used marks a while longer.
      await consumed.deleteMany({ at: { $lte: new Date(now.getTime() - 30 * 24 * 60 * 60_000) } });
    },
  };
}

/** The models oidc-provider persists for the features this provider uses. */
export const PERSISTED_MODELS = [
  'Session',
  'Grant',
  'Interaction',
  'AuthorizationCode',
  'RefreshToken',
  'AccessToken',
];
