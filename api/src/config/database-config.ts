import type { ConnectOptions, mongo } from 'mongoose';

type ReadPreferenceMode = `${mongo.ReadPreferenceMode}`;

/**
 * How the API talks to MongoDB in production (a replica set) and to the embedded FerretDB locally.
 *
 * - Writes are acknowledged by a majority of the replica set (`w: 'majority'`, journaled), so an
 *   acknowledged order or payment survives a primary failing over; `wtimeoutMS` bounds the wait.
 * - Retryable writes and reads: the driver retries once across a failover. On a standalone server
 *   (FerretDB, a single mongod) the driver skips the retry; `w: 'majority'` means "this server" there.
 * - Reads go to the primary: the shop reads its own writes (stock after an order, the order list
 *   after paying, the admin flag after promoting), which a lagging secondary would contradict. The
 *   public catalog's load is absorbed by its short cache instead of by secondaries.
 */
export interface DatabaseConfig {
  writeConcern: 'majority' | number;
  journal: boolean;
  writeTimeoutMs: number;
  retryWrites: boolean;
  retryReads: boolean;
  readPreference: ReadPreferenceMode;
  maxPoolSize: number;
  minPoolSize: number;
  serverSelectionTimeoutMs: number;
  connectTimeoutMs: number;
  socketTimeoutMs: number;
}

export const READ_PREFERENCES: readonly ReadPreferenceMode[] = [
  'primary',
  'primaryPreferred',
  'secondary',
  'secondaryPreferred',
  'nearest',
];

type Env = Record<string, string | undefined>;

/** MONGODB_* settings with their defaults; every problem is added to `problems`. */
export function loadDatabaseConfig(env: Env, problems: string[]): DatabaseConfig {
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    problems.push(`${name} must be an integer from ${min} to ${max}`);
    return fallback;
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    problems.push(`${name} must be true or false`);
    return fallback;
  };

  let writeConcern: 'majority' | number = 'majority';
  const w = env.MONGODB_WRITE_CONCERN;
  if (w !== undefined && w !== '' && w !== 'majority') {
    if (/^\d+$/.test(w) && Number(w) >= 1 && Number(w) <= 50) writeConcern = Number(w);
    else
      problems.push('MONGODB_WRITE_CONCERN must be "majority" or a number of members from 1 to 50');
  }
  let readPreference: ReadPreferenceMode = 'primary';
  const read = env.MONGODB_READ_PREFERENCE;
  if (read !== undefined && read !== '') {
    if ((READ_PREFERENCES as string[]).includes(read)) readPreference = read as ReadPreferenceMode;
    else problems.push(`MONGODB_READ_PREFERENCE must be one of ${READ_PREFERENCES.join(', ')}`);
  }
  const maxPoolSize = integer('MONGODB_MAX_POOL_SIZE', 20, 1, 500);
  const minPoolSize = integer('MONGODB_MIN_POOL_SIZE', 0, 0, 500);
  if (minPoolSize > maxPoolSize)
    problems.push('MONGODB_MIN_POOL_SIZE must not be above MONGODB_MAX_POOL_SIZE');

  return {
    writeConcern,
    journal: flag('MONGODB_JOURNAL', true),
    writeTimeoutMs: integer('MONGODB_WRITE_TIMEOUT_MS', 10_000, 100, 120_000),
    retryWrites: flag('MONGODB_RETRY_WRITES', true),
    retryReads: flag('MONGODB_RETRY_READS', true),
    readPreference,
    maxPoolSize,
    minPoolSize,
    serverSelectionTimeoutMs: integer('MONGODB_SERVER_SELECTION_TIMEOUT_MS', 5000, 100, 120_000),
    connectTimeoutMs: integer('MONGODB_CONNECT_TIMEOUT_MS', 10_000, 100, 120_000),
    // Above the request timeout's default, so a slow query fails the request, not the socket first.
    socketTimeoutMs: integer('MONGODB_SOCKET_TIMEOUT_MS', 45_000, 1000, 600_000),
  };
}

/** The driver options of a DatabaseConfig (they win over the same options in the URI). */
export function mongoClientOptions(database: DatabaseConfig): ConnectOptions {
  return {
    writeConcern: {
      w: database.writeConcern,
      journal: database.journal,
      wtimeoutMS: database.writeTimeoutMs,
    },
    retryWrites: database.retryWrites,
    retryReads: database.retryReads,
    readPreference: database.readPreference,
    maxPoolSize: database.maxPoolSize,
    minPoolSize: database.minPoolSize,
    serverSelectionTimeoutMS: database.serverSelectionTimeoutMs,
    connectTimeoutMS: database.connectTimeoutMs,
    socketTimeoutMS: database.socketTimeoutMs,
  };
}
