import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Types } from 'mongoose';
import sharp from 'sharp';
import { ADMIN, CUSTOMER, OTHER, TestApi, type RequestOptions } from './support/test-api';

/**
 * Every endpoint × anonymous / customer / another customer / admin. The routes come from the
 * OpenAPI document (as docs.spec.ts has every served route in it): a route without a row fails.
 */
let api: TestApi;
beforeAll(async () => {
  // A scrape token is configured, as in production: no user's token opens /metrics.
  api = await TestApi.start({ METRICS_TOKEN: 'scrape-token-0123456789' });
  // Records exist for all three callers (as after their first sign-in).
  for (const token of Object.values(api.tokens)) await api.request('GET', '/health', { token });
});
afterAll(() => api.stop());

type Role = 'anonymous' | 'customer' | 'other' | 'admin';
const ROLES: Role[] = ['anonymous', 'customer', 'other', 'admin'];
const tokenOf = (role: Role) => (role === 'anonymous' ? undefined : api.tokens[role]);

interface Case {
  /** "<METHOD> <path as OpenAPI names it>[?query] [(what the fixture is)]": the route is read from it. */
  name: string;
  /** Fresh fixtures per caller, so one caller's success cannot change the next one's answer. */
  request: () => Promise<
    { method: string; path: string } & Pick<RequestOptions, 'body' | 'rawBody' | 'headers'>
  >;
  expected: [anonymous: number, customer: number, other: number, admin: number];
}

const newTool = {
  name: 'Bench Grinder',
  img: 'http://localhost:5000/images/angle-grinder.webp',
  shortDescription: 'Twin wheels',
  minOrder: 1,
  available: 30,
  price: 75,
};
let seq = 0;
/** A small PNG, as an admin's upload. */
const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c63' } })
    .png()
    .toBuffer();

/** A saved list of the customer's, made through the API. */
async function customerList(): Promise<string> {
  const created = await api.request('POST', '/savedLists', {
    token: api.tokens.customer,
    body: { name: `Kept ${++seq}`, lines: [] },
  });
  return created.body.insertedId as string;
}

const cases: Case[] = [
  {
    name: 'GET /reviews',
    request: async () => ({ method: 'GET', path: '/reviews' }),
    expected: [200, 200, 200, 200],
  },
  {
    name: 'POST /reviews',
    request: async () => ({
      method: 'POST',
      path: '/reviews',
      body: { opinion: 'Great', rating: 5 },
    }),
    expected: [401, 201, 201, 201],
  },
  {
    name: 'GET /userReviews?email=(customer)',
    request: async () => ({ method: 'GET', path: `/userReviews?email=${CUSTOMER}` }),
    expected: [401, 200, 403, 200],
  },
  {
    name: 'PATCH /reviews/{id}',
    request: async () => {
      const review = await api.db.collection('reviews').insertOne({
        email: OTHER,
        customerName: 'Olivia',
        opinion: 'Fine',
        rating: 4,
        createdAt: new Date(),
      });
      return { method: 'PATCH', path: `/reviews/${review.insertedId}`, body: { hidden: true } };
    },
    expected: [401, 403, 403, 200],
  },
  {
    name: 'GET /adminReviews',
    request: async () => ({ method: 'GET', path: '/adminReviews?limit=5&page=1' }),
    expected: [401, 403, 403, 200],
  },
  {
    name: 'GET /audit',
    request: async () => ({ method: 'GET', path: '/audit?limit=5&page=1' }),
    expected: [401, 403, 403, 200],
  },
  {
    name: 'POST /suggestions',
    request: async () => ({
      method: 'POST',
      path: '/suggestions',
      body: { email: 'me', opinion: 'More saws' },
    }),
    expected: [201, 201, 201, 201],
  },
  {
    name: 'GET /tools',
    request: async () => ({ method: 'GET', path: '/tools' }),
    expected: [200, 200, 200, 200],
  },
  {
    name: 'GET /tools/lookup',
    request: async () => ({ method: 'GET', path: '/tools/lookup?q=dr' }),
    expected: [200, 200, 200, 200],
  },
  {
    name: 'GET /tools/{id}',
    request: async () => ({ method: 'GET', path: `/tools/${await api.insertTool()}` }),
    expected: [200, 200, 200, 200],
  },
  {
    name: 'POST /tools',
    request: async () => ({ method: 'POST', path: '/tools', body: newTool }),
    expected: [401, 403, 403, 201],
  },
  {
    name: 'POST /images',
    request: async () => ({
      method: 'POST',
      path: '/images',
      rawBody: await picture(),
      headers: { 'content-type': 'image/png' },
    }),
    expected: [401, 403, 403, 201],
  },
  {
    name: 'GET /images/{id}/{file} (a WebP variant of an upload)',
    request: async () => {
      const uploaded = await api.request('POST', '/images', {
        token: api.tokens.admin,
        rawBody: await picture(),
        headers: { 'content-type': 'image/png' },
      });
      return { method: 'GET', path: new URL(uploaded.body.url).pathname };
    },
    expected: [200, 200, 200, 200],
  },
  {
    name: 'GET /images/{file} (a seeded picture)',
    request: async () => ({ method: 'GET', path: '/images/angle-grinder.webp' }),
    expected: [200, 200, 200, 200],
  },
  {
    name: 'PUT /tools/{id}',
    request: async () => ({
      method: 'PUT',
      path: `/tools/${await api.insertTool()}`,
      body: { available: 5 },
    }),
    expected: [401, 403, 403, 200],
  },
  {
    name: 'PATCH /tools/{id}',
    request: async () => ({
      method: 'PATCH',
      path: `/tools/${await api.insertTool()}`,
      body: { price: 20, priceTiers: [{ minQuantity: 10, price: 18 }] },
    }),
    expected: [401, 403, 403, 200],
  },
  {
    name: 'DELETE /tools/{id}',
    request: async () => ({ method: 'DELETE', path: `/tools/${await api.insertTool()}` }),
    expected: [401, 403, 403, 200],
  },
  {
    name: 'POST /orders',
    request: async () => ({
      method: 'POST',
      path: '/orders',
      body: {
        toolId: await api.insertTool(),
        address: '1 Main St',
        phone: '555',
        orderQuantity: 2,
      },
    }),
    expected: [401, 201, 201, 201],
  },
  {
    name: 'PUT /admin/companies/{id}/terms',
    request: async () => {
      const company = await api.db
        .collection('companies')
        .insertOne({ name: `Terms ${++seq}`, createdBy: OTHER });
      return {
        method: 'PUT',
        path: `/admin/companies/${company.insertedId}/terms`,
        body: { netDays: 30, creditLimit: 1000 },
      };
    },
    expected: [401, 403, 403, 200],
  },
  {
    name: 'POST /admin/orders/{id}/payment (an order on account)',
    request: async () => {
      const orderId = await api.placeOrder(await api.insertTool());
      const { Types } = await import('mongoose');
      await api.db
        .collection('orders')
        .updateOne(
          { _id: new Types.ObjectId(orderId) },
          { $set: { state: 'on_account', dueAt: new Date(Date.now() + 86_400_000) } },
        );
      return { method: 'POST', path: `/admin/orders/${orderId}/payment` };
    },
    expected: [401, 403, 403, 200],
  },
  {
    name: 'POST /quickOrders/check',
    request: async () => ({
      method: 'POST',
      path: '/quickOrders/check',
      body: { lines: [{ product: await api.insertTool(), quantity: 2 }] },
    }),
    expected: [401, 200, 200, 200],
  },
  {
    name: 'POST /quickOrders',
    request: async () => ({
      method: 'POST',
      path: '/quickOrders',
      body: {
        lines: [
          { toolId: await api.insertTool(), quantity: 2 },
          { toolId: await api.insertTool(), quantity: 1 },
        ],
        address: '1 Main St',
        phone: '555',
      },
    }),
    expected: [401, 201, 201, 201],
  },
  {
    name: 'GET /savedLists',
    request: async () => ({ method: 'GET', path: '/savedLists' }),
    expected: [401, 200, 200, 200],
  },
  {
    name: 'POST /savedLists',
    request: async () => ({
      method: 'POST',
      path: '/savedLists',
      body: { name: `List ${++seq}`, lines: [{ toolId: await api.insertTool(), quantity: 3 }] },
    }),
    expected: [401, 201, 201, 201],
  },
  {
    name: 'PUT /savedLists/{id} (customer’s)',
    request: async () => ({
      method: 'PUT',
      path: `/savedLists/${await customerList()}`,
      body: { name: `List ${++seq}`, lines: [] },
    }),
    // Someone else's list answers exactly as a missing one, to admins too.
    expected: [401, 200, 404, 404],
  },
  {
    name: 'DELETE /savedLists/{id} (customer’s)',
    request: async () => ({ method: 'DELETE', path: `/savedLists/${await customerList()}` }),
    expected: [401, 200, 404, 404],
  },
  {
    name: 'GET /orders?email=(customer)',
    request: async () => ({ method: 'GET', path: `/orders?email=${CUSTOMER}` }),
    expected: [401, 200, 403, 200],
  },
  {
    name: 'GET /orders/{id} (customer’s)',
    request: async () => ({
      method: 'GET',
      path: `/orders/${await api.placeOrder(await api.insertTool())}`,
    }),
    // Someone else's order answers exactly as a missing one.
    expected: [401, 200, 404, 200],
  },
  {
    name: 'GET /orders/{id}/invoice.pdf (customer’s, paid)',
    request: async () => {
      const order = await api.placeOrder(await api.insertTool());
      await api.markPaid(order);
      return { method: 'GET', path: `/orders/${order}/invoice.pdf` };
    },
    expected: [401, 200, 404, 200],
  },
  {
    name: 'GET /orders/{id}/invoice.pdf (customer’s, unpaid)',
    request: async () => ({
      method: 'GET',
      path: `/orders/${await api.placeOrder(await api.insertTool())}/invoice.pdf`,
    }),
    expected: [401, 409, 404, 409],
  },
  {
    name: 'GET /orders/{id}/credit-note.pdf (customer’s, refunded)',
    request: async () => {
      const order = await api.placeOrder(await api.insertTool());
      await api.payByCard(order);
      await api.request('POST', `/orders/${order}/refunds`, { token: api.tokens.admin, body: {} });
      return { method: 'GET', path: `/orders/${order}/credit-note.pdf` };
    },
    expected: [401, 200, 404, 200],
  },
  {
    name: 'GET /orders/{id}/payment (customer’s)',
    request: async () => ({
      method: 'GET',
      path: `/orders/${await api.placeOrder(await api.insertTool())}/payment`,
    }),
    // Paying is the owner's alone: admins get no exception, as for the other payment routes.
    expected: [401, 200, 404, 404],
  },
  {
    name: 'GET /payments/config',
    request: async () => ({ method: 'GET', path: '/payments/config' }),
    expected: [200, 200, 200, 200],
  },
  {
    name: 'POST /create-payment-intent (customer’s order)',
    request: async () => ({
      method: 'POST',
      path: '/create-payment-intent',
      body: { orderId: await api.placeOrder(await api.insertTool()), totalPrice: 1 },
    }),
    expected: [401, 200, 404, 404],
  },
  {
    name: 'POST /payments/test/confirm (the test card form)',
    request: async () => {
      const orderId = await api.placeOrder(await api.insertTool());
      const intent = await api.request('POST', '/create-payment-intent', {
        token: api.tokens.customer,
        body: { orderId, totalPrice: 1 },
      });
      return {
        method: 'POST',
        path: '/payments/test/confirm',
        body: {
          clientSecret: intent.body.clientSecret,
          card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
          billingDetails: { email: CUSTOMER, name: 'Casey', address: { line1: '1 Main St' } },
        },
      };
    },
    // Public, as Stripe's own confirmation: the client secret is the credential.
    expected: [200, 200, 200, 200],
  },
  {
    name: 'PATCH /orders/{id} (customer’s, paid by card: the browser reports it)',
    request: async () => {
      const orderId = await api.placeOrder(await api.insertTool());
      const transactionId = await api.payByCard(orderId);
      return { method: 'PATCH', path: `/orders/${orderId}`, body: { transactionId } };
    },
    expected: [401, 200, 404, 404],
  },
  {
    name: 'POST /payments/webhook (unsigned)',
    request: async () => ({ method: 'POST', path: '/payments/webhook', body: { type: 'ping' } }),
    // Called by Stripe, not a user: a token changes nothing, the signature decides.
    expected: [404, 404, 404, 404],
  },
  {
    name: 'DELETE /orders/{id} (customer’s, unpaid)',
    request: async () => ({
      method: 'DELETE',
      path: `/orders/${await api.placeOrder(await api.insertTool())}`,
    }),
    expected: [401, 200, 404, 200],
  },
  {
    name: 'GET /adminOrders',
    request: async () => ({ method: 'GET', path: '/adminOrders' }),
    expected: [401, 403, 403, 200],
  },
  {
    name: 'GET /adminOrders/stats',
    request: async () => ({ method: 'GET', path: '/adminOrders/stats?days=7' }),
    expected: [401, 403, 403, 200],
  },
  {
    name: 'GET /adminOrders/export.csv',
    request: async () => ({ method: 'GET', path: '/adminOrders/export.csv?state=paid' }),
    expected: [401, 403, 403, 200],
  },
  {
    name: 'GET /tools?q=&category=&inStock=&sort= (catalog query)',
    request: async () => ({
      method: 'GET',
      path: '/tools?q=drill&category=Drills&inStock=true&sort=-price&limit=5&page=1',
    }),
    expected: [200, 200, 200, 200],
  },
  {
    name: 'PATCH /adminOrders/{id} (paid)',
    request: async () => {
      const id = await api.placeOrder(await api.insertTool());
      await api.markPaid(id);
      return { method: 'PATCH', path: `/adminOrders/${id}`, body: {} };
    },
    expected: [401, 403, 403, 200],
  },
  {
    name: 'POST /adminOrders/{id}/delivery (shipped)',
    request: async () => {
      const id = await api.placeOrder(await api.insertTool());
      await api.markPaid(id);
      await api.request('PATCH', `/adminOrders/${id}`, { token: api.tokens.admin, body: {} });
      return { method: 'POST', path: `/adminOrders/${id}/delivery` };
    },
    expected: [401, 403, 403, 200],
  },
  {
    name: 'POST /orders/{id}/refunds (customer’s, paid by card)',
    request: async () => {
      const id = await api.placeOrder(await api.insertTool());
      await api.payByCard(id);
      return { method: 'POST', path: `/orders/${id}/refunds`, body: {} };
    },
    // Admins only, the order's own customer included: the refund is the shop's decision.
    expected: [401, 403, 403, 201],
  },
  {
    name: 'POST /orders/{id}/returns (customer’s, shipped)',
    request: async () => {
      const id = await api.placeOrder(await api.insertTool());
      await api.markPaid(id);
      await api.request('PATCH', `/adminOrders/${id}`, { token: api.tokens.admin, body: {} });
      return { method: 'POST', path: `/orders/${id}/returns`, body: { reason: 'Wrong size' } };
    },
    // The customer's own decision: admins are not let in on their behalf.
    expected: [401, 201, 404, 404],
  },
  {
    name: 'PATCH /returns/{id} (requested)',
    request: async () => {
      const id = await api.placeOrder(await api.insertTool());
      await api.markPaid(id);
      await api.request('PATCH', `/adminOrders/${id}`, { token: api.tokens.admin, body: {} });
      await api.request('POST', `/orders/${id}/returns`, {
        token: api.tokens.customer,
        body: { reason: 'Wrong size' },
      });
      return { method: 'PATCH', path: `/returns/${id}`, body: { decision: 'approve' } };
    },
    expected: [401, 403, 403, 200],
  },
  {
    name: 'GET /admin/{email} (customer)',
    request: async () => ({ method: 'GET', path: `/admin/${CUSTOMER}` }),
    expected: [401, 200, 403, 200],
  },
  {
    name: 'GET /user',
    request: async () => ({ method: 'GET', path: '/user' }),
    expected: [401, 403, 403, 200],
  },
  {
    name: 'PUT /user/admin/{email}',
    request: async () => {
      const email = `target${++seq}@toolshop.test`;
      await api.request('GET', '/health', { token: api.issuer.token({ email }) });
      await api.request('GET', `/admin/${email}`, { token: api.issuer.token({ email }) });
      return { method: 'PUT', path: `/user/admin/${email}` };
    },
    expected: [401, 403, 403, 200],
  },
  {
    name: 'GET /users?email=(customer)',
    request: async () => ({ method: 'GET', path: `/users?email=${CUSTOMER}` }),
    expected: [401, 200, 403, 200],
  },
  {
    name: 'PUT /users?email=(customer)',
    request: async () => ({
      method: 'PUT',
      path: `/users?email=${CUSTOMER}`,
      body: { email: CUSTOMER },
    }),
    expected: [401, 200, 403, 403],
  },
  {
    name: 'GET /health',
    request: async () => ({ method: 'GET', path: '/health' }),
    expected: [200, 200, 200, 200],
  },
  {
    name: 'GET /health/ready',
    request: async () => ({ method: 'GET', path: '/health/ready' }),
    expected: [200, 200, 200, 200],
  },
  {
    name: 'GET /metrics',
    request: async () => ({ method: 'GET', path: '/metrics' }),
    expected: [401, 401, 401, 401],
  },
  {
    name: 'GET /docs-json',
    request: async () => ({ method: 'GET', path: '/docs-json' }),
    expected: [200, 200, 200, 200],
  },
];

/**
 * Company routes × anonymous / owner / buyer of the company / owner of another company / plain
 * customer / admin, each on a fresh company (membership is once per user).
 */
type CompanyCaller = 'anonymous' | 'owner' | 'buyer' | 'otherMember' | 'customer' | 'admin';
const COMPANY_CALLERS: CompanyCaller[] = [
  'anonymous',
  'owner',
  'buyer',
  'otherMember',
  'customer',
  'admin',
];
interface CompanyWorld {
  id: string;
  tokens: Record<Exclude<CompanyCaller, 'anonymous'>, string>;
  emails: Record<'owner' | 'buyer', string>;
  /** An invitation of the company to the given caller's email, answered as its link token. */
  invitationFor(caller: CompanyCaller): Promise<string>;
}
let companySeq = 0;
async function companyWorld(): Promise<CompanyWorld> {
  const user = (label: string) => {
    const email = `access-${label}-${++companySeq}@company.test`;
    return { email, token: api.issuer.token({ email, name: label }) };
  };
  const [owner, buyer, otherMember, customer] = ['owner', 'buyer', 'other', 'plain'].map(user);
  // The one admin account starts each world in no company, as the fresh users do.
  await api.db.collection('company_members').deleteMany({ email: ADMIN });
  const create = async (token: string) =>
    (await api.request('POST', '/companies', { token, body: { name: 'Access Co' } })).body
      .insertedId as string;
  const id = await create(owner!.token);
  await create(otherMember!.token);
  const { randomBytes, createHash } = await import('node:crypto');
  const invitation = async (email: string, role: string) => {
    const token = randomBytes(32).toString('base64url');
    const { Types } = await import('mongoose');
    await api.db.collection('company_invitations').insertOne({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      companyId: new Types.ObjectId(id),
      email,
      role,
      invitedBy: owner!.email,
      expiresAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(),
    });
    return token;
  };
  const buyerToken = await invitation(buyer!.email, 'buyer');
  await api.request('POST', `/invitations/${buyerToken}/accept`, { token: buyer!.token });
  const emails = { owner: owner!.email, buyer: buyer!.email };
  const emailOf: Record<CompanyCaller, string> = {
    anonymous: 'nobody@company.test',
    owner: owner!.email,
    buyer: buyer!.email,
    otherMember: otherMember!.email,
    customer: customer!.email,
    admin: ADMIN,
  };
  return {
    id,
    emails,
    tokens: {
      owner: owner!.token,
      buyer: buyer!.token,
      otherMember: otherMember!.token,
      customer: customer!.token,
      admin: api.tokens.admin,
    },
    invitationFor: (caller) => invitation(emailOf[caller], 'buyer'),
  };
}

interface CompanyCase {
  name: string;
  request: (
    world: CompanyWorld,
    caller: CompanyCaller,
  ) => Promise<{ method: string; path: string; body?: unknown }>;
  expected: [
    anonymous: number,
    owner: number,
    buyer: number,
    otherMember: number,
    customer: number,
    admin: number,
  ];
}

const companyCases: CompanyCase[] = [
  {
    name: 'POST /companies',
    request: async () => ({ method: 'POST', path: '/companies', body: { name: 'Another' } }),
    // Every caller of the world but the plain customer belongs to a company already.
    expected: [401, 409, 409, 409, 201, 201],
  },
  {
    name: 'GET /companies/mine',
    request: async () => ({ method: 'GET', path: '/companies/mine' }),
    expected: [401, 200, 200, 200, 204, 204],
  },
  {
    name: 'GET /companies/{id}',
    request: async ({ id }) => ({ method: 'GET', path: `/companies/${id}` }),
    expected: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'POST /companies/{id}/invitations',
    request: async ({ id }) => ({
      method: 'POST',
      path: `/companies/${id}/invitations`,
      body: { email: `invited-${++companySeq}@company.test`, role: 'buyer' },
    }),
    expected: [401, 201, 403, 404, 404, 404],
  },
  {
    name: 'POST /invitations/{token}/accept (addressed to the caller)',
    request: async (world, caller) => ({
      method: 'POST',
      path: `/invitations/${await world.invitationFor(caller)}/accept`,
    }),
    // Members of a company already belong to one; the plain customer and the admin join.
    expected: [401, 409, 409, 409, 200, 200],
  },
  {
    name: 'PATCH /companies/{id}/members/{email} (the buyer)',
    request: async ({ id, emails }) => ({
      method: 'PATCH',
      path: `/companies/${id}/members/${emails.buyer}`,
      body: { monthlyLimit: 250 },
    }),
    expected: [401, 200, 403, 404, 404, 404],
  },
  {
    name: 'PATCH /companies/{id}',
    request: async ({ id }) => ({
      method: 'PATCH',
      path: `/companies/${id}`,
      body: { timeZone: 'Europe/London', approvalFor: 'allBuyers' },
    }),
    expected: [401, 200, 403, 404, 404, 404],
  },
  {
    name: 'DELETE /companies/{id}/invitations/{email} (a pending invitation)',
    request: async ({ id, tokens }) => {
      const email = `withdrawn-${++companySeq}@company.test`;
      await api.request('POST', `/companies/${id}/invitations`, {
        token: tokens.owner,
        body: { email, role: 'buyer' },
      });
      return { method: 'DELETE', path: `/companies/${id}/invitations/${email}` };
    },
    expected: [401, 200, 403, 404, 404, 404],
  },
  {
    name: 'GET /companies/mine/approvals',
    request: async () => ({ method: 'GET', path: '/companies/mine/approvals' }),
    // The other company's owner reads their own company's (empty) list.
    expected: [401, 200, 403, 200, 404, 404],
  },
  {
    name: 'POST /orders/{id}/approval (the buyer’s order awaiting approval)',
    request: async ({ id, tokens, emails }) => {
      await api.request('PATCH', `/companies/${id}/members/${emails.buyer}`, {
        token: tokens.owner,
        body: { monthlyLimit: 0 },
      });
      const orderId = await api.placeOrder(await api.insertTool(), tokens.buyer);
      return { method: 'POST', path: `/orders/${orderId}/approval`, body: { approve: true } };
    },
    // The buyer may not approve their own; admins neither: it is the company's decision.
    expected: [401, 200, 403, 404, 404, 404],
  },
  {
    name: 'DELETE /companies/{id}/members/{email} (the buyer)',
    request: async ({ id, emails }) => ({
      method: 'DELETE',
      path: `/companies/${id}/members/${emails.buyer}`,
    }),
    expected: [401, 200, 403, 404, 404, 404],
  },
  {
    name: 'GET /admin/companies?q=Access',
    request: async () => ({ method: 'GET', path: '/admin/companies?q=Access' }),
    expected: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'GET /admin/companies/{id}/prices',
    request: async ({ id }) => ({ method: 'GET', path: `/admin/companies/${id}/prices` }),
    expected: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'PUT /admin/companies/{id}/prices',
    request: async ({ id }) => ({
      method: 'PUT',
      path: `/admin/companies/${id}/prices`,
      body: { discountPercent: 10, prices: [] },
    }),
    expected: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'GET /tools/{id}/price',
    request: async () => ({
      method: 'GET',
      path: `/tools/${await api.insertTool({ name: `Priced ${++companySeq}` })}/price`,
    }),
    // Everyone signed in: a plain customer gets the list price, a member their company's.
    expected: [401, 200, 200, 200, 200, 200],
  },
];

it.each(companyCases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
  const actual: number[] = [];
  for (const caller of COMPANY_CALLERS) {
    const world = await companyWorld();
    const { method, path, body } = await testCase.request(world, caller);
    const token = caller === 'anonymous' ? undefined : world.tokens[caller];
    const answer = await api.request(method, path, { token, body });
    actual.push(answer.status);
    if (answer.status >= 400)
      expect(Object.keys(answer.body).sort()).toEqual(['error', 'message', 'statusCode']);
  }
  expect(actual).toEqual(testCase.expected);
});

/**
 * Quote routes × anonymous / owner / approver / buyer of the company (the buyer asked) / member of
 * another company / plain customer / admin, each on a fresh company and an answered quote.
 */
type QuoteCaller = 'approver' | CompanyCaller;
const QUOTE_CALLERS: QuoteCaller[] = [
  'anonymous',
  'owner',
  'approver',
  'buyer',
  'otherMember',
  'customer',
  'admin',
];
interface QuoteCase {
  name: string;
  request: (id: string) => { method: string; path: string; body?: unknown };
  expected: [
    anonymous: number,
    owner: number,
    approver: number,
    buyer: number,
    otherMember: number,
    customer: number,
    admin: number,
  ];
}
const quoteShipping = { address: '1 Main St', phone: '555-0100' };
const quoteCases: QuoteCase[] = [
  {
    name: 'POST /quotes',
    request: () => ({
      method: 'POST',
      path: '/quotes',
      body: { lines: [{ product: 'Quoted Saw', quantity: 1 }] },
    }),
    expected: [401, 201, 201, 201, 201, 201, 201],
  },
  {
    name: 'GET /quotes?state=answered',
    request: () => ({ method: 'GET', path: '/quotes?state=answered' }),
    expected: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    name: 'GET /quotes/{id}',
    request: (id) => ({ method: 'GET', path: `/quotes/${id}` }),
    expected: [401, 200, 200, 200, 404, 404, 200],
  },
  {
    name: 'PATCH /quotes/{id}',
    request: (id) => ({
      method: 'PATCH',
      path: `/quotes/${id}`,
      body: { unitPrices: [7], validUntil: new Date(Date.now() + 86_400_000).toISOString() },
    }),
    expected: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    name: 'POST /quotes/{id}/messages',
    request: (id) => ({ method: 'POST', path: `/quotes/${id}/messages`, body: { text: 'Hi' } }),
    expected: [401, 201, 201, 201, 404, 404, 201],
  },
  {
    name: 'POST /quotes/{id}/accept',
    request: (id) => ({ method: 'POST', path: `/quotes/${id}/accept`, body: quoteShipping }),
    // The owner side accepts; an admin reads and answers but does not buy for others.
    expected: [401, 201, 201, 201, 404, 404, 404],
  },
  {
    name: 'POST /quotes/{id}/decline',
    request: (id) => ({ method: 'POST', path: `/quotes/${id}/decline` }),
    expected: [401, 200, 200, 200, 404, 404, 404],
  },
];

it.each(quoteCases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
  await api.insertTool({ name: 'Quoted Saw', available: 1000 });
  const actual: number[] = [];
  for (const caller of QUOTE_CALLERS) {
    const world = await companyWorld();
    const approver = { email: `access-approver-${++companySeq}@company.test` };
    await api.db.collection('company_members').insertOne({
      email: approver.email,
      companyId: new Types.ObjectId(world.id),
      role: 'approver',
      joinedAt: new Date(),
    });
    const tokens = {
      ...world.tokens,
      approver: api.issuer.token({ email: approver.email, name: 'approver' }),
    };
    const asked = await api.request('POST', '/quotes', {
      token: tokens.buyer,
      body: { lines: [{ product: 'Quoted Saw', quantity: 1 }] },
    });
    const id = asked.body.insertedId as string;
    await api.request('PATCH', `/quotes/${id}`, {
      token: api.tokens.admin,
      body: { unitPrices: [9], validUntil: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const { method, path, body } = testCase.request(id);
    const token = caller === 'anonymous' ? undefined : tokens[caller];
    const answer = await api.request(method, path, { token, body });
    actual.push(answer.status);
    if (answer.status >= 400)
      expect(Object.keys(answer.body).sort()).toEqual(['error', 'message', 'statusCode']);
  }
  expect(actual).toEqual(testCase.expected);
});

/** The route a row checks, as the OpenAPI document names it ("get /tools/{id}"). */
const routeOf = (name: string) => {
  const [method = '', target = ''] = name.split(' ');
  return `${method.toLowerCase()} ${target.split('?')[0]}`;
};

/** Served but not in the OpenAPI document: the document itself. */
const UNDOCUMENTED = new Set(['get /docs-json']);

it('has a row for every route of the OpenAPI document, and none for a route it lacks', async () => {
  const docs = await api.request('GET', '/docs-json');
  const paths = docs.body.paths as Record<string, Record<string, unknown>>;
  const documented = Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method} ${path}`),
  );
  expect(documented.length).toBeGreaterThan(25);
  const rows = new Set([...cases, ...companyCases, ...quoteCases].map(({ name }) => routeOf(name)));
  expect(documented.filter((route) => !rows.has(route)).sort()).toEqual([]);
  const known = new Set([...documented, ...UNDOCUMENTED]);
  expect([...rows].filter((route) => !known.has(route)).sort()).toEqual([]);
});

const results: string[] = [];

it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
  const actual: number[] = [];
  for (const role of ROLES) {
    const { method, path, ...options } = await testCase.request();
    const answer = await api.request(method, path, { token: tokenOf(role), ...options });
    actual.push(answer.status);
    if (answer.status >= 400)
      expect(Object.keys(answer.body).sort()).toEqual(['error', 'message', 'statusCode']);
  }
  results.push(`| ${testCase.name} | ${actual.join(' | ')} |`);
  expect(actual).toEqual(testCase.expected);
});

afterAll(() => {
  const dir = join(__dirname, '../test-results');
  mkdirSync(dir, { recursive: true });
  const table = [
    '| endpoint | anonymous | customer | other customer | admin |',
    '|---|---|---|---|---|',
    ...results,
  ].join('\n');
  writeFileSync(join(dir, 'access-matrix.md'), `${table}\n`);
});

it('lets admins read anyone’s records and customers only their own', async () => {
  await api.request('PUT', `/users?email=${OTHER}`, {
    token: api.tokens.other,
    body: {
      email: OTHER,
      location: 'Lyon',
      phone: '+33 1',
      education: 'BTS',
      linkedIn: 'https://linkedin.com/in/olivia',
    },
  });
  const asAdmin = await api.request('GET', `/users?email=${OTHER}`, { token: api.tokens.admin });
  expect(asAdmin.body[0]).toMatchObject({ email: OTHER, location: 'Lyon' });
  expect((await api.request('GET', `/admin/${ADMIN}`, { token: api.tokens.customer })).status).toBe(
    403,
  );
});
