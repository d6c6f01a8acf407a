import { loadPaymentsConfig } from './payments-config';

const keys = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' };

describe('loadPaymentsConfig', () => {
  it('uses the offline test provider without Stripe keys', () => {
    expect(loadPaymentsConfig({})).toEqual({ provider: 'test' });
    expect(loadPaymentsConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toEqual({ provider: 'test' });
  });

  it('uses Stripe when both keys are set, with the API location for stand-ins', () => {
    const config = loadPaymentsConfig({
      ...keys,
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(config).toEqual({
      provider: 'stripe',
      stripe: {
        secretKey: 'sk_test_123',
        publishableKey: 'pk_test_123',
        webhookSecret: 'whsec_1',
        host: '127.0.0.1',
        port: 12111,
        protocol: 'http',
      },
    });
  });

  it('lets PAYMENTS_PROVIDER force the test provider even with keys', () => {
    expect(loadPaymentsConfig({ ...keys, PAYMENTS_PROVIDER: 'test' })).toEqual({
      provider: 'test',
    });
  });

  it('never falls back to test cards in production unless asked to', () => {
    expect(() => loadPaymentsConfig({ NODE_ENV: 'production' })).toThrow(
      /In production set STRIPE_SECRET_KEY/,
    );
    expect(loadPaymentsConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test' })).toEqual({
      provider: 'test',
    });
    expect(loadPaymentsConfig({ NODE_ENV: 'production', ...keys }).provider).toBe('stripe');
  });

  it('refuses settings it cannot honour', () => {
    expect(() => loadPaymentsConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(
      /needs STRIPE_SECRET_KEY/,
    );
    expect(() => loadPaymentsConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(
      /must be "stripe" or "test"/,
    );
    expect(() => loadPaymentsConfig({ ...keys, STRIPE_API_PORT: 'x' })).toThrow(/STRIPE_API_PORT/);
    expect(() => loadPaymentsConfig({ ...keys, STRIPE_API_PROTOCOL: 'ftp' })).toThrow(
      /STRIPE_API_PROTOCOL/,
    );
  });
});
