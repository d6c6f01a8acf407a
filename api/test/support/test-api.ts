import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/config';
import { TokenIssuer } from './token-issuer';
import { demoAccounts } from '@toolshop/settings';

export const ADMIN = demoAccounts.admin.email;
export const CUSTOMER = demoAccounts.customer.email;
export const OTHER = 'other@toolshop.test';

// Answers are inspected loosely in tests; the API's types are checked by the compiler elsewhere.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (for malformed or oversized bodies, or a picture's bytes with a `content-type` header). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

/** One HTTP call to the API at `baseUrl`, the answer's body parsed when it is JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function httpRequest<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (images, HTML)
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** The API on a database of its own, listening on a loopback port, with a token issuer. */
export class TestApi {
  app!: NestFastifyApplication;
  issuer = new TokenIssuer();
  url = '';
  db!: Connection;
  tokens!: { customer: string; other: string; admin: string };

  static async start(env: Record<string, string> = {}): Promise<TestApi> {
    const api = new TestApi();
    await api.issuer.start();
    const dbName = `toolshop_test_${randomBytes(4).toString('hex')}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      MONGODB_URI: process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27117/',
      MONGODB_DB: dbName,
      OIDC_ISSUER: api.issuer.url,
      ADMIN_EMAILS: ADMIN,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_WRITES: '100000',
      RATE_LIMIT_ACCOUNT: '100000',
      MAX_UNPAID_ORDERS: '1000',
      // Emails at once: tests wait for each one (order-emails.spec tests the hold itself).
      OUTBOX_PLACED_HOLD_MS: '0',
      ...env,
    });
    // An explicit database name in the URI would win over MONGODB_DB.
    config.dbName = env.MONGODB_DB ?? dbName;
    api.app = await createApp(config);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    api.url = (await api.app.getUrl()).replace('[::1]', '127.0.0.1');
    api.db = api.app.get<Connection>(getConnectionToken());
    api.tokens = {
      customer: api.issuer.token({ email: CUSTOMER, name: 'Casey Customer' }),
      other: api.issuer.token({ email: OTHER, name: 'Olivia Other' }),
      admin: api.issuer.token({ email: ADMIN, name: 'Ada Admin' }),
    };
    return api;
  }

  async stop(): Promise<void> {
    await this.db?.dropDatabase().catch(() => undefined);
    await this.app?.close();
    await this.issuer.stop();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiAnswer<T>> {
    return httpRequest<T>(this.url, method, path, options);
  }

  /** A tool inserted straight into the database. */
  async insertTool(
    fields: Partial<{
      name: string;
      minOrder: number;
      available: number;
      price: number;
      packSize: number;
      priceTiers: Array<{ minQuantity: number; price: number }>;
    }> = {},
  ): Promise<string> {
    const result = await this.db.collection('tools').insertOne({
      name: 'Test Drill',
      img: 'http://localhost/images/cordless-drill.webp',
      shortDescription: 'A drill for tests',
      minOrder: 1,
      available: 100,
      price: 25,
      ...fields,
    });
    return String(result.insertedId);
  }

  async toolStock(id: string): Promise<number | undefined> {
    const { Types } = await import('mongoose');
    const tool = await this.db.collection('tools').findOne({ _id: new Types.ObjectId(id) });
    return tool?.available as number | undefined;
  }

  /** Simulates a verified payment (the payments module owns the real transition). */
  async markPaid(orderId: string): Promise<void> {
    const { Types } = await import('mongoose');
    await this.db
      .collection('orders')
      .updateOne(
        { _id: new Types.ObjectId(orderId) },
        { $set: { state: 'paid', paid: true, transactionId: 'pi_test_123' } },
      );
  }

  /** Pays an order through the payment endpoints with the test card; answers the transaction id. */
  async payByCard(orderId: string, token = this.tokens.customer): Promise<string> {
    const intent = await this.request('POST', '/create-payment-intent', {
      token,
      body: { orderId, totalPrice: 1 },
    });
    const paid = await this.request('POST', '/payments/test/confirm', {
      body: {
        clientSecret: intent.body.clientSecret,
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
        billingDetails: { email: CUSTOMER, name: 'Casey', address: { line1: '1 Main St' } },
      },
    });
    if (paid.body.status !== 'succeeded')
      throw new Error(`payment failed: ${JSON.stringify(paid.body)}`);
    return paid.body.id as string;
  }

  async placeOrder(
    toolId: string,
    token = this.tokens.customer,
    orderQuantity = 1,
  ): Promise<string> {
    const answer = await this.request('POST', '/orders', {
      token,
      body: { toolId, address: '1 Main St', phone: '555-0100', orderQuantity },
    });
    if (answer.status !== 201)
      throw new Error(`order failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.insertedId as string;
  }
}
