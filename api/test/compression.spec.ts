import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CUSTOMER, TestApi } from './support/test-api';

/**
 * Answers that are not snapshots (common/compression.ts): a JSON answer of 1 kB or more goes out
 * in the coding Accept-Encoding allows, and decodes to the JSON it would send uncoded.
 */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ MONGODB_DB: `toolshop_test_${randomBytes(4).toString('hex')}` });
  const toolId = await api.insertTool({ available: 100 });
  for (let i = 0; i < 6; i++) await api.placeOrder(toolId);
});
afterAll(() => api?.stop());

function get(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) =>
    request(`${api.url}${path}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .once('error', reject)
      .end(),
  );
}

const ownOrders = `/orders?email=${encodeURIComponent(CUSTOMER)}`;
const signedIn = () => ({ authorization: `Bearer ${api.tokens.customer}` });

it.each([
  ['br', 'br', brotliDecompressSync],
  ['gzip, deflate', 'gzip', gunzipSync],
  ['br;q=0, gzip', 'gzip', gunzipSync],
])('codes a customer’s orders for Accept-Encoding %p', async (accept, coding, decode) => {
  const plain = await get(ownOrders, { ...signedIn(), 'accept-encoding': 'identity' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThanOrEqual(1024);
  expect(JSON.parse(plain.body.toString())).toHaveLength(6);

  const coded = await get(ownOrders, { ...signedIn(), 'accept-encoding': accept });
  expect(coded.headers['content-encoding']).toBe(coding);
  expect(coded.headers.vary).toMatch(/Accept-Encoding/);
  expect(Number(coded.headers['content-length'])).toBe(coded.body.length);
  expect(coded.body.length).toBeLessThan(plain.body.length / 2);
  expect(decode(coded.body).equals(plain.body)).toBe(true);
});

it('leaves a small answer, and one the client does not take coded, as it is', async () => {
  const small = await get('/health', { 'accept-encoding': 'br' });
  expect(small.headers['content-encoding']).toBeUndefined();
  const none = await get(ownOrders, { ...signedIn() });
  expect(none.headers['content-encoding']).toBeUndefined();
  expect(none.headers.vary).toMatch(/Accept-Encoding/);
  expect(JSON.parse(none.body.toString())).toHaveLength(6);
});
