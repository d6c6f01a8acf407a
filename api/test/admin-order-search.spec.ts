// Manage All Orders searches by order id, customer email or ship-to, server-side
// (GET /adminOrders?q=), with the state filter; bad input is a 400 with a clear message.
import { ADMIN_ORDER_SEARCH_MAX_LENGTH, type Order } from '@toolshop/contracts';
import { CUSTOMER, OTHER, TestApi } from './support/test-api';

let api: TestApi;
let toolId: string;
let pittsburgh: string;
let boston: string;
beforeAll(async () => {
  api = await TestApi.start();
  toolId = await api.insertTool({ name: 'Search Drill', price: 25, available: 1000 });
  const place = async (token: string, address: string) => {
    const answer = await api.request('POST', '/orders', {
      token,
      body: { toolId, address, phone: '555-0100', orderQuantity: 1 },
    });
    expect(answer.status).toBe(201);
    return answer.body.insertedId as string;
  };
  pittsburgh = await place(api.tokens.customer, '12 Workshop Lane\nPittsburgh, PA 15201');
  boston = await place(api.tokens.other, '4 Harbor (Unit 2+) Road\nBoston, MA 02110');
  await api.markPaid(boston);
});
afterAll(() => api.stop());

const search = (query: string) =>
  api.request('GET', `/adminOrders?limit=20&page=1&${query}`, { token: api.tokens.admin });
const ids = (answer: { body: unknown }) => (answer.body as Order[]).map((order) => order._id);

it('finds an order by its id', async () => {
  const answer = await search(`q=${boston}`);
  expect(answer.status).toBe(200);
  expect(ids(answer)).toEqual([boston]);
  expect(answer.headers.get('x-total-count')).toBe('1');
});

it('finds a customer’s orders by the email or its start, in any case', async () => {
  expect(ids(await search(`q=${encodeURIComponent(OTHER.toUpperCase())}`))).toEqual([boston]);
  const start = CUSTOMER.slice(0, CUSTOMER.indexOf('@') + 1);
  expect(ids(await search(`q=${encodeURIComponent(start)}`))).toContain(pittsburgh);
  expect(ids(await search(`q=${encodeURIComponent(start)}`))).not.toContain(boston);
});

it('finds orders by words of the ship-to address, literally (no pattern), with the state filter', async () => {
  expect(ids(await search('q=pittsburgh'))).toEqual([pittsburgh]);
  expect(ids(await search('q=workshop%20pittsburgh'))).toEqual([pittsburgh]);
  expect(ids(await search(`q=${encodeURIComponent('(Unit 2+)')}`))).toEqual([boston]);
  expect(ids(await search('q=.*'))).toEqual([]);
  expect(ids(await search('q=pittsburgh&state=paid'))).toEqual([]);
  expect(ids(await search('q=boston&state=paid'))).toEqual([boston]);
  // Blank: every order, as without q.
  expect(ids(await search('q=%20')).length).toBeGreaterThanOrEqual(2);
});

it('refuses a search that is too long or holds a NUL with 400 and a clear message', async () => {
  for (const q of ['x'.repeat(ADMIN_ORDER_SEARCH_MAX_LENGTH + 1), 'a%00b']) {
    const answer = await search(`q=${q}`);
    expect(answer.status).toBe(400);
    expect([answer.body.message].flat().join(' ')).toMatch(/^q must be text of at most/);
  }
  const twice = await search('q=a&q=b');
  expect(twice.status).toBe(400);
});
