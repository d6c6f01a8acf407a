import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, configFromEnv, DEFAULT_WEB_ORIGINS } from '../src/config.ts';
import { clientAddressResolver } from '../src/http/client-address.ts';

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

  it('keeps the shop’s lockout and rate limits unless the environment sets them', () => {
    const defaults = configFromEnv(base);
    const login = defaults.loginThrottle!;
    assert.deepEqual(
      [login.slowAfter, login.addressSlowAfter, login.delayStepMs, login.maxDelayMs],
      [3, 10, 500, 3000],
      'slowed down from the 3rd failure of an account, the 10th of an address',
    );
    assert.deepEqual(
      [login.accountLimit, login.addressLimit, login.windowMs / 60_000, login.lockMs / 60_000],
      [8, 30, 15, 15],
      '8 failures of an account or 30 of an address within 15 minutes lock for 15 minutes',
    );
    assert.deepEqual(defaults.accountRateLimits, {
      signups: 10,
      renames: 30,
      windowMs: 15 * 60_000,
    });

    const tuned = configFromEnv({
      ...base,
      LOGIN_FAILURE_WINDOW_MINUTES: '30',
      LOGIN_SLOW_AFTER_ACCOUNT: '2',
      LOGIN_SLOW_AFTER_ADDRESS: '20',
      LOGIN_SLOW_STEP_MS: '250',
      LOGIN_SLOW_MAX_MS: '2000',
      LOGIN_LOCK_AFTER_ACCOUNT: '5',
      LOGIN_LOCK_AFTER_ADDRESS: '100',
      LOGIN_LOCK_MINUTES: '60',
      SIGNUP_LIMIT: '3',
      RENAME_LIMIT: '12',
      ACCOUNT_LIMIT_WINDOW_MINUTES: '5',
    });
    assert.deepEqual(tuned.loginThrottle, {
      windowMs: 30 * 60_000,
      slowAfter: 2,
      addressSlowAfter: 20,
      delayStepMs: 250,
      maxDelayMs: 2000,
      accountLimit: 5,
      addressLimit: 100,
      lockMs: 60 * 60_000,
    });
    assert.deepEqual(tuned.accountRateLimits, { signups: 3, renames: 12, windowMs: 5 * 60_000 });
  });

  it('refuses incomplete or unsafe settings with a message naming the variable', () => {
    const refuses = (env: NodeJS.ProcessEnv, pattern: RegExp) =>
      assert.throws(
        () => configFromEnv(env),
        (error: unknown) => error instanceof ConfigError && pattern.test(error.message),
      );
    refuses({}, /MONGODB_URI is required/);
    refuses({ ...base, PORT: 'eighty' }, /PORT must be a port number/);
    refuses(
      { ...base, SIGNUP_LIMIT: '0' },
      /SIGNUP_LIMIT must be a whole number \(1-1000000\), got "0"/,
    );
    refuses(
      { ...base, LOGIN_LOCK_AFTER_ACCOUNT: 'eight' },
      /LOGIN_LOCK_AFTER_ACCOUNT must be a whole number/,
    );
    refuses(
      { ...base, LOGIN_LOCK_MINUTES: '1.5' },
      /LOGIN_LOCK_MINUTES must be a number of minutes/,
    );
    refuses(
      { ...base, LOGIN_SLOW_STEP_MS: '-1' },
      /LOGIN_SLOW_STEP_MS must be a number of milliseconds/,
    );
    refuses(
      { ...base, WEB_ORIGINS: 'http://localhost:3000/path' },
      /WEB_ORIGINS entries must be bare origins/,
    );
    refuses(
      { ...base, GOOGLE_CLIENT_ID: 'only-the-id' },
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
    refuses(
      { ...base, NODE_ENV: 'production', ISSUER: 'https://id.example.com' },
      /COOKIE_KEYS is required/,
    );
    refuses(
      {
        ...base,
        NODE_ENV: 'production',
        ISSUER: 'http://id.example.com',
        COOKIE_KEYS: 'k'.repeat(32),
      },
      /https/,
    );
    refuses(
      {
        ...base,
        NODE_ENV: 'production',
        ISSUER: 'https://id.example.com',
        COOKIE_KEYS: 'k'.repeat(32),
      },
      /TRUST_PROXY is required in production/,
    );
    refuses(
      { ...base, TRUST_PROXY: 'true' },
      /TRUST_PROXY=true would trust every X-Forwarded-For entry/,
    );
    refuses({ ...base, TRUST_PROXY: '11' }, /TRUST_PROXY must be false, a hop count from 1 to 10/);
    refuses({ ...base, TRUST_PROXY: '10.0.0.1,proxy.internal' }, /TRUST_PROXY must be false/);
    refuses({ ...base, TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be false/);
    refuses({ ...base, GOOGLE_SIGN_IN: 'maybe' }, /GOOGLE_SIGN_IN must be "on" or "off"/);
    refuses(
      { ...base, SMTP_URL: 'mail.example.com:25' },
      /SMTP_URL must look like smtp:\/\/host:port/,
    );
  });

  const production = {
    ...base,
    NODE_ENV: 'production',
    ISSUER: 'https://id.example.com',
    COOKIE_KEYS: 'a'.repeat(40),
    TRUST_PROXY: '1',
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
    SMTP_URL: 'smtp://mail.internal:25',
  };

  it('creates no demo accounts in production', () => {
    const config = configFromEnv(production);
    assert.deepEqual(config.demoAccounts, []);
    assert.equal(config.smtpUrl, 'smtp://mail.internal:25');
    assert.equal(config.mailFrom, 'Toolshop <no-reply@toolshop.test>');
  });

  it('refuses to start the Google stand-in in production: real Google credentials or GOOGLE_SIGN_IN=off', () => {
    const { GOOGLE_CLIENT_ID: _id, GOOGLE_CLIENT_SECRET: _secret, ...withoutGoogle } = production;
    assert.throws(
      () => configFromEnv(withoutGoogle),
      (error: unknown) =>
        error instanceof ConfigError &&
        /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or GOOGLE_SIGN_IN=off/.test(error.message),
    );
    const off = configFromEnv({ ...withoutGoogle, GOOGLE_SIGN_IN: 'off' });
    assert.equal(off.googleSignIn, false);
    assert.equal(off.google, undefined);
    assert.equal(
      configFromEnv(base).googleSignIn,
      true,
      'on by default (the stand-in in development)',
    );
    assert.throws(
      () => configFromEnv({ ...production, SMTP_URL: '' }),
      /SMTP_URL is required in production/,
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses', () => {
    assert.equal(configFromEnv(base).trustProxy, false);
    assert.equal(configFromEnv({ ...base, TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(configFromEnv({ ...base, TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(
      configFromEnv({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy,
      ['10.0.0.1', '10.1.0.0/16', '::1'],
    );
  });
});

describe('client address behind proxies', () => {
  it('takes the X-Forwarded-For entry the given number of hops from the right', () => {
    const oneHop = clientAddressResolver(1);
    assert.equal(oneHop('10.0.0.5', 'spoofed, 203.0.113.9').address, '203.0.113.9');
    assert.equal(oneHop('10.0.0.5', undefined).address, '10.0.0.5');
    assert.equal(
      clientAddressResolver(2)('10.0.0.5', 'spoofed, 203.0.113.9, 10.0.0.7').address,
      '203.0.113.9',
    );
  });

  it('takes the first address from the right that is not a trusted proxy', () => {
    const listed = clientAddressResolver(['10.0.0.0/8', '::1']);
    assert.equal(listed('10.0.0.5', 'spoofed, 203.0.113.9, 10.2.3.4').address, '203.0.113.9');
    assert.equal(listed('::ffff:10.0.0.5', '198.51.100.1').address, '198.51.100.1');
    const direct = listed('198.51.100.7', '203.0.113.9');
    assert.deepEqual(
      direct,
      { address: '198.51.100.7', viaTrustedProxy: false },
      'not from a proxy: its header is ignored',
    );
  });

  it('ignores X-Forwarded-For without a trusted proxy', () => {
    assert.deepEqual(clientAddressResolver(false)('::ffff:127.0.0.1', '1.2.3.4'), {
      address: '127.0.0.1',
      viaTrustedProxy: false,
    });
  });
});
