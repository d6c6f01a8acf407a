import { ConfigError, loadConfig } from './config';

const base = { MONGODB_URI: 'mongodb://127.0.0.1:27017/' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig(base)).toMatchObject({
      port: 5000,
      dbName: 'toolshop',
      oidcIssuer: 'http://localhost:4000',
      oidcAudience: 'urn:toolshop:api',
      oidcJwksUri: undefined,
      adminEmails: ['admin@toolshop.test'],
      corsOrigins: [
        'http://localhost:3000',
        'http://localhost:3001',
        'http://localhost:3002',
        'http://localhost:3003',
        // the remotes' harnesses run alone (npm run dev -w <remote>)
        'http://localhost:3011',
        'http://localhost:3012',
        'http://localhost:3013',
      ],
      publicUrl: 'http://localhost:5000',
      seed: false,
    });
  });

  it('reads the database name from the URI before MONGODB_DB', () => {
    expect(
      loadConfig({ MONGODB_URI: 'mongodb://db:27017/shop?retryWrites=true', MONGODB_DB: 'other' })
        .dbName,
    ).toBe('shop');
    expect(loadConfig({ ...base, MONGODB_DB: 'other' }).dbName).toBe('other');
  });

  it('reads lists and switches', () => {
    const config = loadConfig({
      ...base,
      PORT: '5100',
      ADMIN_EMAILS: ' Boss@Shop.test , ops@shop.test',
      CORS_ORIGINS: 'https://shop.example',
      SEED: 'true',
    });
    expect(config.adminEmails).toEqual(['boss@shop.test', 'ops@shop.test']);
    expect(config.corsOrigins).toEqual(['https://shop.example']);
    expect(config.publicUrl).toBe('http://localhost:5100');
    expect(config.seed).toBe(true);
  });

  it('trusts no proxy by default, and otherwise a hop count or the listed proxies, never every hop', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    for (const value of ['true', '0', '11', 'proxy.local', '*']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be/);
    }
  });

  it('reads the order reservation, image host and timeout settings', () => {
    expect(loadConfig(base)).toMatchObject({
      imageHosts: [],
      unpaidOrderTtlSeconds: 86_400,
      maxUnpaidOrders: 5,
      requestTimeoutMs: 30_000,
    });
    expect(
      loadConfig({
        ...base,
        IMAGE_HOSTS: 'CDN.toolshop.example, img.toolshop.example',
        UNPAID_ORDER_TTL_SECONDS: '600',
        MAX_UNPAID_ORDERS: '2',
        REQUEST_TIMEOUT_MS: '5000',
      }),
    ).toMatchObject({
      imageHosts: ['cdn.toolshop.example', 'img.toolshop.example'],
      unpaidOrderTtlSeconds: 600,
      maxUnpaidOrders: 2,
      requestTimeoutMs: 5000,
    });
    expect(() => loadConfig({ ...base, IMAGE_HOSTS: 'https://cdn.example/' })).toThrow(
      /IMAGE_HOSTS entry/,
    );
    expect(() => loadConfig({ ...base, MAX_UNPAID_ORDERS: '0' })).toThrow(/MAX_UNPAID_ORDERS/);
  });

  it('sends mail through SMTP_URL, which production requires', () => {
    expect(loadConfig(base)).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Toolshop <no-reply@toolshop.test>',
    });
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:1025' }).smtpUrl).toBe(
      'smtp://127.0.0.1:1025',
    );
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must be/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(
      /SMTP_URL is required in production/,
    );
  });

  it('validates the payment settings with the rest, in the same friendly list', () => {
    expect(loadConfig(base).payments).toEqual({ provider: 'test' });
    expect(() => loadConfig({ ...base, PAYMENTS_PROVIDER: 'paypal', PORT: 'abc' })).toThrow(
      /PORT must be[\s\S]*PAYMENTS_PROVIDER must be "stripe" or "test"/,
    );
  });

  it('has no bootstrap admin in production unless configured', () => {
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail:25',
        PAYMENTS_PROVIDER: 'test',
      }).adminEmails,
    ).toEqual([]);
  });

  it('names every invalid setting at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'abc', OIDC_ISSUER: 'not a url', LOG_LEVEL: 'loud', SEED: 'yes' });
    expect(attempt).toThrow(ConfigError);
    for (const name of ['MONGODB_URI', 'PORT', 'OIDC_ISSUER', 'LOG_LEVEL', 'SEED'])
      expect(attempt).toThrow(name);
  });
});
