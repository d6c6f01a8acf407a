import type { MongoClientOptions, ReadPreferenceMode } from 'mongodb';

const READ_MODES = ['primary', 'primaryPreferred', 'secondary', 'secondaryPreferred', 'nearest'];

export class DatabaseOptionError extends Error {}

/**
 * The provider's MongoDB connection, as the API's (api/src/config/database-config.ts): majority
 * writes (a session or an account survives a failover), retryable writes and reads, primary reads
 * (a token exchange reads the code its authorization just wrote), bounded waits. The same
 * MONGODB_* variables; FerretDB and a single mongod accept them (majority of one, no retries).
 */
export function mongoOptionsFromEnv(env: Record<string, string | undefined>): MongoClientOptions {
  const read = (
    name: string,
    fallback: string,
    valid: (value: string) => boolean,
    what: string,
  ) => {
    const value = env[name] || fallback;
    if (!valid(value)) throw new DatabaseOptionError(`${name} must be ${what}, got "${value}"`);
    return value;
  };
  const ms = (name: string, fallback: number, min: number, max: number) =>
    Number(
      read(
        name,
        String(fallback),
        (v) => /^\d+$/.test(v) && +v >= min && +v <= max,
        `a number of milliseconds (${min}-${max})`,
      ),
    );
  const flag = (name: string) =>
    read(name, 'true', (v) => v === 'true' || v === 'false', 'true or false') === 'true';

  const w = read(
    'MONGODB_WRITE_CONCERN',
    'majority',
    (v) => v === 'majority' || (/^\d+$/.test(v) && +v >= 1 && +v <= 50),
    '"majority" or a number of members (1-50)',
  );
  const maxPoolSize = Number(
    read(
      'MONGODB_MAX_POOL_SIZE',
      '10',
      (v) => /^\d+$/.test(v) && +v >= 1 && +v <= 500,
      'a pool size (1-500)',
    ),
  );
  return {
    writeConcern: {
      w: w === 'majority' ? w : Number(w),
      journal: flag('MONGODB_JOURNAL'),
      wtimeoutMS: ms('MONGODB_WRITE_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    retryWrites: flag('MONGODB_RETRY_WRITES'),
    retryReads: flag('MONGODB_RETRY_READS'),
    readPreference: read(
      'MONGODB_READ_PREFERENCE',
      'primary',
      (v) => READ_MODES.includes(v),
      READ_MODES.join(', '),
    ) as ReadPreferenceMode,
    maxPoolSize,
    serverSelectionTimeoutMS: ms('MONGODB_SERVER_SELECTION_TIMEOUT_MS', 10_000, 100, 120_000),
    connectTimeoutMS: ms('MONGODB_CONNECT_TIMEOUT_MS', 10_000, 100, 120_000),
    socketTimeoutMS: ms('MONGODB_SOCKET_TIMEOUT_MS', 45_000, 1000, 600_000),
  };
}
