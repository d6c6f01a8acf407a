import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { SKU_MAX_LENGTH } from '@toolshop/contracts';
import type { Model, Types } from 'mongoose';
import { nameKeyOf, Tool } from './tool.schema';

/** E11000 from the unique index or, on FerretDB v2 (DocumentDB), deadlock_detected between racing writers. */
export const DUPLICATE_KEY = 11000;
export const DEADLOCK = 16908292;
export const errorCode = (error: unknown) => (error as { code?: number } | null)?.code;

/**
 * A SKU for a product saved without one: the first letters of its name's first three words (or
 * "P") and the last six hex digits of its id, e.g. "CDD-3F2A1C"; `long` uses the whole id (24
 * hex digits, unique like the id) for the rare case the short one is taken.
 */
export function generatedSku(name: string, id: Types.ObjectId | string, long = false): string {
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
 * typeahead's), once: each write only matches a product that still has none, so it is idempotent
 * and any number of processes may run it at once. Runs at every start (a no-op once done).
 */
@Injectable()
export class SkuBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger('SkuBackfill');

  constructor(@InjectModel(Tool.name) private readonly tools: Model<Tool>) {}

  async onApplicationBootstrap(): Promise<void> {
    const given = await this.run();
    if (given > 0) this.logger.log(`gave ${given} products a generated SKU`);
  }

  async run(): Promise<number> {
    for (;;) {
      const unkeyed = await this.tools
        .find({ nameKey: { $exists: false } }, { name: 1 })
        .limit(BATCH)
        .lean<Array<{ _id: Types.ObjectId; name: string }>>();
      if (unkeyed.length === 0) break;
      for (const tool of unkeyed)
        await this.tools.updateOne(
          { _id: tool._id, nameKey: { $exists: false } },
          { $set: { nameKey: nameKeyOf(tool.name) } },
        );
    }
    let given = 0;
    for (;;) {
      const missing = await this.tools
        .find({ sku: { $exists: false } }, { name: 1 })
        .limit(BATCH)
        .lean<Array<{ _id: Types.ObjectId; name: string }>>();
      if (missing.length === 0) return given;
      for (const tool of missing) given += await this.give(tool);
    }
  }

  private async give(tool: { _id: Types.ObjectId; name: string }): Promise<number> {
    for (const long of [false, true]) {
      try {
        const result = await this.tools.updateOne(
          { _id: tool._id, sku: { $exists: false } },
          { $set: { sku: generatedSku(tool.name, tool._id, long) } },
        );
        return result.modifiedCount;
      } catch (error) {
        if (errorCode(error) !== DUPLICATE_KEY && errorCode(error) !== DEADLOCK) throw error;
      }
    }
    // Both taken (an admin chose them): the id alone, unique like the id.
    const result = await this.tools.updateOne(
      { _id: tool._id, sku: { $exists: false } },
      { $set: { sku: `P-${String(tool._id).toUpperCase()}` } },
    );
    return result.modifiedCount;
  }
}
