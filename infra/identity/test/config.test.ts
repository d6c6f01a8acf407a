import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, configFromEnv, DEFAULT_WEB_ORIGINS } from '../src/config.ts';

const base = { MONGODB_URI: 'mongodb://127.0.0.1:27017/' };

describe('configuration from the environment', () => {
  it('has working local defaults and the two demo accounts', () => {
    const config = configFromEnv(base);
    assert.equal(config.port, 4000);
    assert.equal(config.issuer, 'http://localhost:4000');
    assert.equal(config.database, 'toolshop-identity');
    assert.equal(config.apiAudience, 'urn:toolshop:api');
    assert.deepEqual(config.webOrigins, DEFAULT_WEB_ORIGINS);
    assert.equal(config.googleStandinPort, 4001);
    assert.equal(config.google, undefined);
    assert.deepEqual(
      config.demoAccounts.map(({ email, password }) => [email, password]),
      [
        ['admin@toolshop.test', 'toolshop-admin'],
        ['customer@toolshop.test', 'toolshop-customer'],
      ],
    );
  });

  it('reads ports, origins, Google credentials and demo overrides', () => {
    const config = configFromEnv({
      ...base,
      PORT: '4200',
      WEB_ORIGINS: 'http://localhost:3200, https://shop.example.com/',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      DEMO_ADMIN_EMAIL: 'boss@example.com',
    });
    assert.equal(config.issuer, 'http://localhost:4200');
    assert.deepEqual(config.webOrigins, ['http://localhost:3200', 'https://shop.example.com']);
    assert.deepEqual(config.google, { clientId: 'id', clientSecret: 'secret' });
    assert.equal(config.demoAccounts[0]!.email, 'boss@example.com');
  });

  it('refuses incomplete or unsafe settings with a message naming the variable', () => {
    const refuses = (env: NodeJS.ProcessEnv, pattern: RegExp) =>
      assert.throws(() => configFromEnv(env), (error: unknown) => error instanceof ConfigError && pattern.test(error.message));
    refuses({}, /MONGODB_URI is required/);
    refuses({ ...base, PORT: 'eighty' }, /PORT must be a port number/);
    refuses({ ...base, WEB_ORIGINS: 'http://localhost:3000/path' }, /WEB_ORIGINS entries must be bare origins/);
    refuses({ ...base, GOOGLE_CLIENT_ID: 'only-the-id' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    refuses({ ...base, NODE_ENV: 'production', ISSUER: 'https://id.example.com' }, /COOKIE_KEYS is required/);
    refuses({ ...base, NODE_ENV: 'production', ISSUER: 'http://id.example.com', COOKIE_KEYS: 'k'.repeat(32) }, /https/);
  });

  it('creates no demo accounts in production', () => {
    const config = configFromEnv({
      ...base,
      NODE_ENV: 'production',
      ISSUER: 'https://id.example.com',
      COOKIE_KEYS: 'a'.repeat(40),
    });
    assert.deepEqual(config.demoAccounts, []);
  });
});
