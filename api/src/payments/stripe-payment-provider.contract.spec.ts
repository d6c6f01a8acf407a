// Contract test: every request the stripe provider sends must be valid for Stripe's API. stripe-mock
// (built from the Go module proxy by infra/stripe-mock/build.sh) checks each one against Stripe's
// OpenAPI description and answers with fixtures; it is stateless, so flows are tested elsewhere.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Stripe from 'stripe';
import { StripePaymentProvider } from './stripe-payment-provider';

const stripeMockDir = dirname(require.resolve('@toolshop/stripe-mock/package.json'));
const binary = join(stripeMockDir, 'bin/stripe-mock');
// stripe-mock only accepts keys shaped like real test keys.
const keys = { secretKey: 'sk_test_123', publishableKey: 'pk_test_123' };

let stripeMock: ChildProcess;
let port: number;

function startStripeMock(): Promise<number> {
  // Both listeners on loopback with ports chosen by the system (HTTPS would default to all interfaces).
  stripeMock = spawn(binary, ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolvePort, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening for HTTP at address: 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolvePort(Number(match[1]));
    };
    stripeMock.stdout?.on('data', onData);
    stripeMock.stderr?.on('data', onData);
    stripeMock.once('exit', (code) => reject(new Error(`stripe-mock exited (${code}): ${output}`)));
  });
}

beforeAll(async () => {
  if (!existsSync(binary)) {
    const built = spawnSync('sh', [join(stripeMockDir, 'build.sh')], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('infra/stripe-mock/build.sh failed (is Go installed?)');
  }
  port = await startStripeMock();
}, 300_000);

afterAll(() => {
  stripeMock?.kill();
});

const provider = () =>
  new StripePaymentProvider({ ...keys, host: '127.0.0.1', port, protocol: 'http' });

describe('stripe provider against stripe-mock', () => {
  it('creates a card-only PaymentIntent that Stripe accepts', async () => {
    const intent = await provider().createIntent({
      orderId: '6651f0c2a1b2c3d4e5f60718',
      amount: 12_500,
      currency: 'usd',
      idempotencyKey: 'order-6651f0c2a1b2c3d4e5f60718-first',
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(/_secret_/);
    expect(intent).toMatchObject({ amount: 12_500, currency: 'usd' });
    expect(typeof intent.status).toBe('string');
  });

  it('retrieves a PaymentIntent with every field the verification reads', async () => {
    const intent = await provider().retrieveIntent('pi_123');
    expect(intent).toEqual({
      id: 'pi_123',
      clientSecret: expect.any(String),
      status: expect.any(String),
      amount: expect.any(Number),
      amountReceived: expect.any(Number),
      currency: expect.any(String),
      metadata: expect.any(Object),
    });
  });

  it('cancels a PaymentIntent with a request Stripe accepts', async () => {
    const intent = await provider().cancelIntent('pi_123');
    expect(intent.id).toBe('pi_123');
    expect(typeof intent.status).toBe('string');
  });

  it('would catch a request Stripe rejects (the check is real)', async () => {
    const stripe = new Stripe(keys.secretKey, { host: '127.0.0.1', port, protocol: 'http' });
    const invalid = {
      amount: 100,
      currency: 'usd',
      unknown_parameter: 'x',
    } as Stripe.PaymentIntentCreateParams;
    await expect(stripe.paymentIntents.create(invalid)).rejects.toThrow(/validation/i);
  });
});
