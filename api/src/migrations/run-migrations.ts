import type { Connection } from 'mongoose';
import { ApiLocks, mongoLockStore } from '../common/lease-locks';
import type { Db, Migration } from './migration';
import { MIGRATIONS } from './migrations';

/** A migration's record in the `migrations` collection: it ran to its end once. */
interface MigrationRecord {
  _id: string;
  description: string;
  appliedAt: Date;
  ms: number;
}

/** Where a start reports what it did; pino's and Nest's loggers both fit. */
export interface MigrationLog {
  info(message: string): void;
}

export const MIGRATIONS_LOCK = 'data-migrations';
/**
 * The lease holds this long without its holder, and is not renewed: a process that died while
 * migrating delays the next start by at most this much. A run that outlasts it (numbering 50,000
 * orders took 150-250 s on FerretDB v2 on a busy machine) may be joined by another process; each
 * migration is written to be safe then (001: a batch numbers only orders without a number).
 */
const LEASE = { ttlMs: 5 * 60_000, maxWaitMs: 6 * 60_000 };

/** A migration threw: the start stops (the API does not listen); the next start runs it again. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migrationId: string,
    cause: unknown,
  ) {
    super(
      `data migration ${migrationId} failed: ${cause instanceof Error ? cause.message : String(cause)}; ` +
        'the API does not start, and the next start tries the migration again',
      { cause },
    );
  }
}

async function pendingOf(db: Db, migrations: readonly Migration[]): Promise<Migration[]> {
  const done = await db
    .collection<MigrationRecord>('migrations')
    .find({}, { projection: { _id: 1 } })
    .toArray();
  const applied = new Set(done.map((record) => record._id));
  return migrations.filter((migration) => !applied.has(migration.id));
}

/**
 * Runs the migrations the database has not recorded yet, in order, each once across every process
 * sharing the database: one lease (`locks` collection, ApiLocks) holds the whole run, and the
 * pending list is read again under it, so a process that waited finds the work done. A migration
 * is recorded only after it ended; one that throws stops the run (MigrationFailedError), and the
 * ones after it wait for the next start. Answers the ids it ran.
 */
export async function runMigrations(
  connection: Connection,
  log: MigrationLog,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  const db = connection.db!;
  // The usual start: nothing to do, no lease taken.
  if ((await pendingOf(db, migrations)).length === 0) return [];
  const locks = new ApiLocks(mongoLockStore(connection), LEASE);
  return locks.run(MIGRATIONS_LOCK, async () => {
    const ran: string[] = [];
    for (const migration of await pendingOf(db, migrations)) {
      const started = Date.now();
      log.info(`data migration ${migration.id} (${migration.description}): starting`);
      try {
        await migration.up(db);
      } catch (error) {
        throw new MigrationFailedError(migration.id, error);
      }
      const ms = Date.now() - started;
      // An upsert: should a run outlast its lease and another process run the same migration
      // (each is safe to run again), the slower of the two still starts.
      await db
        .collection<MigrationRecord>('migrations')
        .updateOne(
          { _id: migration.id },
          { $set: { description: migration.description, appliedAt: new Date(), ms } },
          { upsert: true },
        );
      log.info(`data migration ${migration.id}: done in ${ms} ms`);
      ran.push(migration.id);
    }
    return ran;
  });
}
