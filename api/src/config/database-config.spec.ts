import { loadConfig } from './config';
import { mongoClientOptions } from './database-config';

const base = { MONGODB_URI: 'mongodb://db-0,db-1,db-2/toolshop?replicaSet=rs0' };

describe('database settings', () => {
  it('defaults to majority writes, retries, primary reads and bounded waits', () => {
    const { database } = loadConfig(base);
    expect(database).toEqual({
      writeConcern: 'majority',
      journal: true,
      writeTimeoutMs: 10_000,
      retryWrites: true,
      retryReads: true,
      readPreference: 'primary',
      maxPoolSize: 20,
      minPoolSize: 0,
      serverSelectionTimeoutMs: 5000,
      connectTimeoutMs: 10_000,
      socketTimeoutMs: 45_000,
    });
    expect(mongoClientOptions(database)).toEqual({
      writeConcern: { w: 'majority', journal: true, wtimeoutMS: 10_000 },
      retryWrites: true,
      retryReads: true,
      readPreference: 'primary',
      maxPoolSize: 20,
      minPoolSize: 0,
      serverSelectionTimeoutMS: 5000,
      connectTimeoutMS: 10_000,
      socketTimeoutMS: 45_000,
    });
  });

  it('reads every setting from the environment', () => {
    const { database } = loadConfig({
      ...base,
      MONGODB_WRITE_CONCERN: '2',
      MONGODB_JOURNAL: 'false',
      MONGODB_WRITE_TIMEOUT_MS: '2500',
      MONGODB_RETRY_WRITES: 'false',
      MONGODB_RETRY_READS: 'false',
      MONGODB_READ_PREFERENCE: 'primaryPreferred',
      MONGODB_MAX_POOL_SIZE: '50',
      MONGODB_MIN_POOL_SIZE: '5',
      MONGODB_SERVER_SELECTION_TIMEOUT_MS: '3000',
      MONGODB_CONNECT_TIMEOUT_MS: '4000',
      MONGODB_SOCKET_TIMEOUT_MS: '60000',
    });
    expect(mongoClientOptions(database)).toEqual({
      writeConcern: { w: 2, journal: false, wtimeoutMS: 2500 },
      retryWrites: false,
      retryReads: false,
      readPreference: 'primaryPreferred',
      maxPoolSize: 50,
      minPoolSize: 5,
      serverSelectionTimeoutMS: 3000,
      connectTimeoutMS: 4000,
      socketTimeoutMS: 60_000,
    });
  });

  it('refuses invalid values at boot, naming each', () => {
    const attempt = () =>
      loadConfig({
        ...base,
        MONGODB_WRITE_CONCERN: 'all',
        MONGODB_RETRY_WRITES: 'yes',
        MONGODB_READ_PREFERENCE: 'secondaryOnly',
        MONGODB_MAX_POOL_SIZE: '0',
        MONGODB_SOCKET_TIMEOUT_MS: '10',
      });
    for (const message of [
      /MONGODB_WRITE_CONCERN must be "majority" or a number/,
      /MONGODB_RETRY_WRITES must be true or false/,
      /MONGODB_READ_PREFERENCE must be one of primary, primaryPreferred/,
      /MONGODB_MAX_POOL_SIZE must be an integer from 1 to 500/,
      /MONGODB_SOCKET_TIMEOUT_MS must be an integer/,
    ])
      expect(attempt).toThrow(message);
    expect(() =>
      loadConfig({ ...base, MONGODB_MIN_POOL_SIZE: '30', MONGODB_MAX_POOL_SIZE: '10' }),
    ).toThrow(/MONGODB_MIN_POOL_SIZE must not be above MONGODB_MAX_POOL_SIZE/);
  });
});

describe('shutdown and metrics settings', () => {
  it('drains for 5 s by default in production, not locally, and reads the metrics token', () => {
    expect(loadConfig(base)).toMatchObject({
      shutdown: { drainMs: 0, timeoutMs: 20_000 },
      metricsToken: undefined,
    });
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail:25',
        PAYMENTS_PROVIDER: 'test',
      }).shutdown.drainMs,
    ).toBe(5000);
    expect(
      loadConfig({
        ...base,
        SHUTDOWN_DRAIN_MS: '0',
        SHUTDOWN_TIMEOUT_MS: '3000',
        METRICS_TOKEN: 'scrape-0123456789abcdef',
      }),
    ).toMatchObject({
      shutdown: { drainMs: 0, timeoutMs: 3000 },
      metricsToken: 'scrape-0123456789abcdef',
    });
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be/);
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
