import type { mongo } from 'mongoose';

/** The API's database, as the MongoDB driver sees it. */
export type Db = mongo.Db;

/**
 * One versioned change of the stored data: `up` runs once per database, in the order of
 * MIGRATIONS, and must be safe to run again after it stopped half-way (a crash before its record
 * was written runs it again from the start).
 */
export interface Migration {
  /** Never changes once released: the `migrations` collection records it. */
  id: string;
  /** One line for the logs. */
  description: string;
  up(db: Db): Promise<void>;
}
