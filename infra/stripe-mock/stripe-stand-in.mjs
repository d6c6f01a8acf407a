// A small, stateful stand-in of Stripe's API for tests that need a real payment flow offline:
// the API creates and retrieves PaymentIntents through the stripe SDK (STRIPE_API_HOST/PORT/
// PROTOCOL), the browser's Stripe.js stand-in confirms them with a test card, and a signed
// `payment_intent.succeeded` webhook can be delivered like Stripe does. stripe-mock checks that
// requests are valid; this one checks that the flow works. Loopback only, no dependencies.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** Stripe's test cards that fail, with Stripe's error fields; any other Luhn-valid card succeeds. */
const FAILING_CARDS = {
  4000000000000002: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  4000000000009995: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  4000000000000069: { code: 'expired_card', message: 'Your card has expired.' },
  4000000000000127: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
const CREATE_PARAMS = new Set(['amount', 'currency', 'allowed_payment_method_types', 'metadata']);

const token = (bytes) => randomBytes(bytes).toString('hex');

/** `a[b][c]=1&a[b][d]=2` -> { a: { b: { c: '1', d: '2' } } } (Stripe's form encoding). */
function parseForm(text) {
  const result = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = result;
    path.slice(0, -1).forEach((part) => (node = node[part] ??= {}));
    node[path.at(-1)] = value;
  }
  return result;
}

/** The `Stripe-Signature` header Stripe sends with a webhook: t=<time>,v1=HMAC-SHA256("t.payload"). */
export function signWebhook(payload, secret, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function cardOutcome(card = {}) {
  const number = String(card.number ?? '').replace(/\D/g, '');
  if (FAILING_CARDS[number]) return FAILING_CARDS[number];
  let sum = 0;
  [...number].reverse().forEach((char, i) => {
    let digit = Number(char);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  });
  if (number.length < 13 || sum % 10 !== 0)
    return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  return undefined;
}

/**
 * @param {{ port?: number, webhook?: { url: string, secret: string } }} [settings]
 *   webhook: where to deliver `payment_intent.succeeded` after a successful confirmation (it can
 *   also be set later on the returned `options`, once the API's address is known).
 */
export async function startStripeStandIn({ port = 0, webhook } = {}) {
  /** @type {Map<string, any>} */
  const intents = new Map();
  const byIdempotencyKey = new Map();
  /** Every request received: method, path, params, headers (for assertions). */
  const requests = [];
  const deliveries = [];
  const options = { webhook };

  const send = (response, status, body) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'request-id': `req_${token(6)}`,
    });
    response.end(JSON.stringify(body));
  };
  const fail = (response, status, error) => send(response, status, { error });

  async function deliver({ url, secret }, intent) {
    const payload = JSON.stringify({
      id: `evt_${token(8)}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
    });
    const result = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhook(payload, secret),
      },
      body: payload,
    });
    return { status: result.status, payload };
  }

  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const params = parseForm(Buffer.concat(chunks).toString());
    requests.push({ method: request.method, path: url.pathname, params, headers: request.headers });
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type, authorization',
        'access-control-allow-methods': 'GET, POST',
      });
      return response.end();
    }
    const secretKey = /^Bearer sk_test_\w+$/.test(request.headers.authorization ?? '');
    const match = /^\/v1\/payment_intents(?:\/(pi_\w+))?(?:\/(confirm|cancel))?$/.exec(
      url.pathname,
    );
    if (!match)
      return fail(response, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
      });
    const [, id, action] = match;
    const confirm = action === 'confirm';

    if (!id && request.method === 'POST') {
      if (!secretKey)
        return fail(response, 401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided',
        });
      const unknown = Object.keys(params).find((name) => !CREATE_PARAMS.has(name));
      if (unknown)
        return fail(response, 400, {
          type: 'invalid_request_error',
          message: `Received unknown parameter: ${unknown}`,
          param: unknown,
        });
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return fail(response, 400, {
          type: 'invalid_request_error',
          message: 'Amount must be at least $0.50 usd',
          param: 'amount',
        });
      const key = request.headers['idempotency-key'];
      if (key && byIdempotencyKey.has(key))
        return send(response, 200, intents.get(byIdempotencyKey.get(key)));
      const intentId = `pi_${token(12)}`;
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: params.currency,
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${token(12)}`,
        metadata: params.metadata ?? {},
        allowed_payment_method_types: Object.values(params.allowed_payment_method_types ?? {}),
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      if (key) byIdempotencyKey.set(key, intentId);
      return send(response, 200, intent);
    }

    const intent = id && intents.get(id);
    if (!intent)
      return fail(response, 404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${id}'`,
        param: 'intent',
      });

    if (action === 'cancel' && request.method === 'POST') {
      if (!secretKey)
        return fail(response, 401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided',
        });
      // Money taken or on its way stays (Stripe cancels a processing card payment only in rare cases).
      if (['succeeded', 'processing', 'canceled'].includes(intent.status)) {
        return fail(response, 400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        });
      }
      Object.assign(intent, {
        status: 'canceled',
        canceled_at: Math.floor(Date.now() / 1000),
        cancellation_reason: params.cancellation_reason ?? null,
      });
      return send(response, 200, intent);
    }

    if (!action && request.method === 'GET') {
      if (!secretKey)
        return fail(response, 401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided',
        });
      return send(response, 200, intent);
    }

    if (confirm && request.method === 'POST') {
      // The browser's call: publishable key and client secret, as Stripe.js sends them.
      if (
        !/^pk_test_\w+$/.test(params.key ?? '') ||
        params.client_secret !== intent.client_secret
      ) {
        return fail(response, 401, {
          type: 'invalid_request_error',
          message: 'Invalid client secret or publishable key',
        });
      }
      if (intent.status !== 'requires_payment_method') {
        return fail(response, 400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        });
      }
      const card = params.payment_method_data?.card;
      const billing = params.payment_method_data?.billing_details;
      if (!billing?.email || !billing?.address?.line1) {
        return fail(response, 400, {
          type: 'invalid_request_error',
          message: 'Billing email and address are required.',
        });
      }
      const error = cardOutcome(card);
      if (error) {
        intent.last_payment_error = { type: 'card_error', ...error };
        return fail(response, 402, { type: 'card_error', ...error, payment_intent: intent });
      }
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        last_payment_error: null,
        latest_charge: `ch_${token(8)}`,
      });
      send(response, 200, intent);
      if (options.webhook) deliveries.push(deliver(options.webhook, { ...intent }));
      return undefined;
    }
    return fail(response, 405, { type: 'invalid_request_error', message: 'Method not allowed' });
  });

  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    host: '127.0.0.1',
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    intents,
    requests,
    options,
    /** Resolves with the webhook deliveries made so far ({ status, payload }). */
    deliveries: () => Promise.all(deliveries),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
