import type { Connection, Model } from 'mongoose';

/** MongoDB's answer to listIndexes on a collection that does not exist yet. */
const NAMESPACE_NOT_FOUND = 26;

/** The models whose schemas declare indexes (a view over another model's collection opts out with autoIndex: false). */
function indexedModels(connection: Connection): Model<unknown>[] {
  return Object.values(connection.models).filter(
    (model) => model.schema.get('autoIndex') !== false && model.schema.indexes().length > 0,
  ) as Model<unknown>[];
}

const describe = (collection: string, keys: object) => `${collection} ${JSON.stringify(keys)}`;

/** Every index a schema declares that its collection does not have, as `collection {keys}`. */
export async function missingIndexes(connection: Connection): Promise<string[]> {
  const missing: string[] = [];
  for (const model of indexedModels(connection)) {
    const existing = await model.collection
      .listIndexes()
      .toArray()
      .catch((error: { code?: number }) => {
        if (error.code === NAMESPACE_NOT_FOUND) return [];
        throw error;
      });
    const present = new Set(existing.map((index) => JSON.stringify(index.key)));
    for (const [keys] of model.schema.indexes()) {
      if (!present.has(JSON.stringify(keys))) missing.push(describe(model.collection.name, keys));
    }
  }
  return missing;
}

/**
 * What the embedded database answers when several processes create the same collections and indexes
 * at once (PostgreSQL under DocumentDB: a deadlock or a serialization failure): trying again works.
 */
export function isTransientSchemaError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: number; message?: string };
  return (
    code === 112 /* WriteConflict */ ||
    /deadlock detected|could not serialize|concurrent/i.test(message ?? '')
  );
}

const ATTEMPTS = 8;

/**
 * Creates every index the schemas declare (existing ones are left as they are); answers them.
 * Several API processes starting on an empty database run this at the same moment: a model whose
 * creation lost a race to another process is tried again after a random pause.
 */
export async function buildIndexes(
  connection: Connection,
  pause = (attempt: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt)),
): Promise<string[]> {
  const built: string[] = [];
  for (const model of indexedModels(connection)) {
    for (let attempt = 1; ; attempt++) {
      try {
        await model.createIndexes();
        break;
      } catch (error) {
        if (attempt === ATTEMPTS || !isTransientSchemaError(error)) throw error;
        await pause(attempt);
      }
    }
    for (const [keys] of model.schema.indexes()) built.push(describe(model.collection.name, keys));
  }
  return built;
}
