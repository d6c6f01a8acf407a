import { ApiMessages } from '@toolshop/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCors } from './cors';

const SHOP = 'http://localhost:3000';

async function appWithCors(): Promise<FastifyInstance> {
  const app = Fastify();
  registerCors(app, {
    origins: [SHOP, 'http://localhost:3003'],
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['X-Total-Count', 'ETag'],
    maxAgeSeconds: 600,
  });
  app.get('/tools', async () => ['drill']);
  app.post('/orders', async (_request, reply) => reply.code(401).send({ message: 'no' }));
  await app.ready();
  return app;
}

const accessHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithCors();
  });
  afterAll(() => app.close());

  it('lets an allowed origin read the answer and its exposed headers', async () => {
    const answer = await app.inject({ url: '/tools', headers: { origin: SHOP } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(SHOP);
    expect(answer.headers['access-control-expose-headers']).toBe('X-Total-Count, ETag');
    expect(answer.headers.vary).toBe('Origin');
  });

  it('grants nothing to a foreign origin, an origin merely containing ours, or no origin', async () => {
    for (const origin of ['http://evil.example', `${SHOP}.evil.example`, 'null', undefined]) {
      const answer = await app.inject({ url: '/tools', headers: origin ? { origin } : {} });
      expect(answer.statusCode).toBe(200);
      expect(accessHeaders(answer.headers)).toEqual([]);
      expect(answer.headers.vary).toBe('Origin');
    }
  });

  it('keeps the grant on error answers, so the page can show their message', async () => {
    const answer = await app.inject({ method: 'POST', url: '/orders', headers: { origin: SHOP } });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['access-control-allow-origin']).toBe(SHOP);
  });

  it('answers a preflight of an allowed origin with 204 and the allowed methods and headers', async () => {
    for (const url of ['/orders', '/tools', '/nowhere']) {
      const answer = await app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: SHOP,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
      expect(answer.headers).toMatchObject({
        'access-control-allow-origin': SHOP,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'Authorization, Content-Type',
        'access-control-max-age': '600',
        'content-length': '0',
        vary: 'Origin',
      });
    }
  });

  it("answers a foreign origin's preflight without any grant", async () => {
    const answer = await app.inject({
      method: 'OPTIONS',
      url: '/orders',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(answer.statusCode).toBe(204);
    expect(accessHeaders(answer.headers)).toEqual([]);
  });

  it('refuses an OPTIONS request that is no preflight with 400 and a message', async () => {
    for (const headers of [{}, { origin: SHOP }, { 'access-control-request-method': 'GET' }]) {
      const answer = await app.inject({ method: 'OPTIONS', url: '/tools', headers });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: ApiMessages.badPreflight });
    }
  });
});
