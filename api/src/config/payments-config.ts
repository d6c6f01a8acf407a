/** Which card payment provider the API uses. */
export type PaymentProviderName = 'stripe' | 'test';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** Absent: POST /payments/webhook is not served. */
  webhookSecret?: string;
  /** Points the SDK at stripe-mock or a local stand-in instead of api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export interface PaymentsConfig {
  provider: PaymentProviderName;
  stripe?: StripeSettings;
}

/**
 * Reads the payment settings once at boot. Stripe is used when both keys are set, the offline
 * test provider otherwise (not in production); PAYMENTS_PROVIDER forces one (and `stripe` without
 * keys is an error).
 */
export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
  const forced = env.PAYMENTS_PROVIDER?.trim();
  if (forced && forced !== 'stripe' && forced !== 'test') {
    throw new Error(`PAYMENTS_PROVIDER must be "stripe" or "test", not "${forced}"`);
  }
  const provider: PaymentProviderName =
    (forced as PaymentProviderName | undefined) ??
    (secretKey && publishableKey ? 'stripe' : 'test');
  // The test provider accepts test cards as real payments: production must ask for it by name.
  if (provider === 'test' && !forced && env.NODE_ENV === 'production') {
    throw new Error(
      'In production set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (or PAYMENTS_PROVIDER=test for a demo shop)',
    );
  }
  if (provider === 'test') return { provider };

  if (!secretKey || !publishableKey) {
    throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }
  const protocol = env.STRIPE_API_PROTOCOL?.trim();
  if (protocol && protocol !== 'http' && protocol !== 'https') {
    throw new Error(`STRIPE_API_PROTOCOL must be "http" or "https", not "${protocol}"`);
  }
  const port = env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new Error(`STRIPE_API_PORT must be a port number, not "${env.STRIPE_API_PORT}"`);
  }
  return {
    provider,
    stripe: {
      secretKey,
      publishableKey,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
      host: env.STRIPE_API_HOST?.trim() || undefined,
      port,
      protocol: protocol as StripeSettings['protocol'],
    },
  };
}
