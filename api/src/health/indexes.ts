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

/** Creates every index the schemas declare (existing ones are left as they are); answers them. */
export async function buildIndexes(connection: Connection): Promise<string[]> {
  const built: string[] = [];
  for (const model of indexedModels(connection)) {
    await model.createIndexes();
    for (const [keys] of model.schema.indexes()) built.push(describe(model.collection.name, keys));
  }
  return built;
}
