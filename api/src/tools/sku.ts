import { SKU_MAX_LENGTH } from '@toolshop/contracts';
import type { mongo, Types } from 'mongoose';
import { nameKeyOf } from './tool.schema';

/** E11000 from the unique index or, on FerretDB v2 (DocumentDB), deadlock_detected between racing writers. */
export const DUPLICATE_KEY = 11000;
export const DEADLOCK = 16908292;
export const errorCode = (error: unknown) => (error as { code?: number } | null)?.code;

/**
 * A SKU for a product saved without one: the first letters of its name's first three words (or
 * "P") and the last six hex digits of its id, e.g. "CDD-3F2A1C"; `long` uses the whole id (24
 * hex digits, unique like the id) for the rare case the short one is taken.
 */
export function generatedSku(
  name: string,
  id: Types.ObjectId | mongo.ObjectId | string,
  long = false,
): string {
  const letters = name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((word) => word.charAt(0))
    .join('');
  const hex = String(id).toUpperCase();
  return `${letters || 'P'}-${long ? hex : hex.slice(-6)}`.slice(0, SKU_MAX_LENGTH);
}

/** Products read a round of the backfill. */
const BATCH = 200;

/**
 * Gives every product saved before SKUs (no `sku`) a generated one, and its `nameKey` (the
 * typeahead's): the data migration 002-product-skus. Each write only matches a product that still
 * has none, so a run stopped half-way goes on where it stopped, and two processes running it at
 * once give each product one SKU. Answers how many products got a SKU.
 */
export async function backfillSkus(tools: mongo.Collection): Promise<number> {
  for (;;) {
    const unkeyed = await tools
      .find({ nameKey: { $exists: false } }, { projection: { name: 1 } })
      .limit(BATCH)
      .toArray();
    if (unkeyed.length === 0) break;
    for (const tool of unkeyed)
      await tools.updateOne(
        { _id: tool._id, nameKey: { $exists: false } },
        { $set: { nameKey: nameKeyOf(String(tool.name)) } },
      );
  }
  let given = 0;
  for (;;) {
    const missing = await tools
      .find({ sku: { $exists: false } }, { projection: { name: 1 } })
      .limit(BATCH)
      .toArray();
    if (missing.length === 0) return given;
    for (const tool of missing) given += await giveSku(tools, tool._id, String(tool.name));
  }
}

async function giveSku(tools: mongo.Collection, id: mongo.ObjectId, name: string): Promise<number> {
  const set = (sku: string) =>
    tools.updateOne({ _id: id, sku: { $exists: false } }, { $set: { sku } });
  for (const long of [false, true]) {
    try {
      return (await set(generatedSku(name, String(id), long))).modifiedCount;
    } catch (error) {
      if (errorCode(error) !== DUPLICATE_KEY && errorCode(error) !== DEADLOCK) throw error;
    }
  }
  // Both taken (an admin chose them): the id alone, unique like the id.
  return (await set(`P-${String(id).toUpperCase()}`)).modifiedCount;
}
