// GET /tools's catalog query: search, category, stock and sort, paged or not, against
// the real database, with the seed's catalog (9 tools, 6 categories) plus a few products of our own.
import { ORDER_STATE_FILTERS } from '@toolshop/contracts';
import { TestApi } from './support/test-api';

let api: TestApi;
const names = (body: { name: string }[]) => body.map((tool) => tool.name);

beforeAll(async () => {
  api = await TestApi.start({ SEED: 'true', PUBLIC_URL: 'http://shop.test:5000' });
  const add = (body: Record<string, unknown>) =>
    api.request('POST', '/tools', {
      token: api.tokens.admin,
      body: {
        img: 'http://shop.test:5000/images/jigsaw.webp',
        shortDescription: 'For tests',
        minOrder: 1,
        available: 10,
        price: 10,
        ...body,
      },
    });
  expect(
    (await add({ name: 'Drill Bit Set (a+b)*', category: 'Accessories', price: 15 })).status,
  ).toBe(201);
  expect(
    (
      await add({
        name: 'Old Stock Hammer',
        minOrder: 0,
        available: 0,
        price: 5,
        sku: 'osh-2024-q7',
      })
    ).status,
  ).toBe(201);
});
afterAll(() => api.stop());

describe('GET /tools catalog query', () => {
  it('answers the plain array without parameters, newest first, as before', async () => {
    const all = await api.request('GET', '/tools');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(11);
    expect(all.headers.get('x-total-count')).toBeNull();
    expect(names(all.body).slice(0, 3)).toEqual([
      'Old Stock Hammer',
      'Drill Bit Set (a+b)*',
      'Cordless Drill Driver 18V',
    ]);
  });

  it('finds a product by a part of its SKU, exactly', async () => {
    for (const part of ['OSH-2024-Q7', 'osh-2024', '2024-Q7'])
      expect(names((await api.request('GET', `/tools?q=${part}&limit=5&page=1`)).body)).toEqual([
        'Old Stock Hammer',
      ]);
    // A code has no typos: one character off finds nothing.
    expect((await api.request('GET', '/tools?q=OSH-2O24')).body).toEqual([]);
  });

  it('searches name and description, case-insensitively, as literal text', async () => {
    expect(names((await api.request('GET', '/tools?q=DRILL')).body)).toEqual([
      'Drill Bit Set (a+b)*',
      'Cordless Drill Driver 18V',
      'Rotary Hammer SDS-Plus', // "drill, hammer drill, chisel" in its description
    ]);
    expect(names((await api.request('GET', '/tools?q=brushless')).body).sort()).toEqual([
      'Cordless Drill Driver 18V',
      'Reciprocating Saw 18V',
    ]);
    // Regex metacharacters are text: "(a+b)*" matches only the name that contains it literally.
    expect(
      names((await api.request('GET', `/tools?q=${encodeURIComponent('(a+b)*')}`)).body),
    ).toEqual(['Drill Bit Set (a+b)*']);
    expect((await api.request('GET', '/tools?q=.*')).body).toEqual([]);
    // A catastrophic pattern, were it a regex, answers at once as text.
    const started = Date.now();
    const redos = await api.request(
      'GET',
      `/tools?q=${encodeURIComponent('(a+)+$' + 'a'.repeat(60))}`,
    );
    expect(redos.status).toBe(200);
    expect(redos.body).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('filters by category, "Other" being the products without one', async () => {
    const saws = await api.request('GET', '/tools?category=Saws');
    expect(names(saws.body).sort()).toEqual([
      'Circular Saw 185 mm',
      'Jigsaw Pro 650 W',
      'Reciprocating Saw 18V',
    ]);
    expect(saws.body.every((tool: { category: string }) => tool.category === 'Saws')).toBe(true);
    expect(names((await api.request('GET', '/tools?category=Other')).body)).toEqual([
      'Old Stock Hammer',
    ]);
  });

  it('filters to tools in stock', async () => {
    const inStock = await api.request('GET', '/tools?inStock=true');
    expect(inStock.body).toHaveLength(10);
    expect(names(inStock.body)).not.toContain('Old Stock Hammer');
    expect((await api.request('GET', '/tools?inStock=false')).body).toHaveLength(11);
  });

  it('sorts by price up and down, by name and newest first', async () => {
    const prices = (await api.request('GET', '/tools?sort=price')).body.map(
      (tool: { price: number }) => tool.price,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(5);
    const down = (await api.request('GET', '/tools?sort=-price')).body.map(
      (tool: { price: number }) => tool.price,
    );
    expect(down).toEqual([...prices].reverse());
    const byName = names((await api.request('GET', '/tools?sort=name')).body);
    expect(byName).toEqual([...byName].sort());
    expect(names((await api.request('GET', '/tools?sort=-createdAt')).body)).toEqual(
      names((await api.request('GET', '/tools')).body),
    );
  });

  it('combines the filters with paging and counts all matches in X-Total-Count', async () => {
    const first = await api.request(
      'GET',
      '/tools?category=Saws&inStock=true&sort=price&limit=2&page=1',
    );
    expect(first.headers.get('x-total-count')).toBe('3');
    expect(names(first.body)).toEqual(['Jigsaw Pro 650 W', 'Reciprocating Saw 18V']);
    const second = await api.request(
      'GET',
      '/tools?category=Saws&inStock=true&sort=price&limit=2&page=2',
    );
    expect(names(second.body)).toEqual(['Circular Saw 185 mm']);
    expect(second.headers.get('x-total-count')).toBe('3');
    const none = await api.request('GET', '/tools?q=saw&category=Sanders&page=1');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });

  it('lists low-stock products first and counts them (threshold: own, else 2 x minOrder)', async () => {
    // Seed stock is far above 2 x minOrder; the hammer (0 of 0) is not low; these two are.
    const add = async (name: string, extra: Record<string, number>) =>
      (
        await api.request('POST', '/tools', {
          token: api.tokens.admin,
          body: { name, img: '/images/jigsaw.webp', shortDescription: 'Low', price: 1, ...extra },
        })
      ).body.insertedId as string;
    const nearly = await add('Nearly Out Sander', { minOrder: 5, available: 9 }); // 9 < 10
    const own = await add('Own Threshold Saw', {
      minOrder: 1,
      available: 30,
      lowStockThreshold: 50,
    });
    const first = await api.request('GET', '/tools?sort=lowStock&limit=3&page=1');
    expect(names(first.body)).toEqual([
      'Own Threshold Saw',
      'Nearly Out Sander',
      'Old Stock Hammer',
    ]);
    expect(first.headers.get('x-total-count')).toBe('13');
    const low = await api.request('GET', '/tools?lowStock=true&limit=1');
    expect(low.headers.get('x-total-count')).toBe('2');
    expect(names((await api.request('GET', '/tools?lowStock=true')).body).sort()).toEqual([
      'Nearly Out Sander',
      'Own Threshold Saw',
    ]);
    // the order and the pages are the database's (an aggregation), the same in any view
    const both = await api.request('GET', '/tools?lowStock=true&sort=lowStock&limit=5&page=1');
    expect(names(both.body)).toEqual(['Own Threshold Saw', 'Nearly Out Sander']);
    expect(both.headers.get('x-total-count')).toBe('2');
    const secondPage = await api.request('GET', '/tools?sort=lowStock&limit=2&page=2');
    expect(names(secondPage.body)[0]).toBe('Old Stock Hammer');
    const uncategorised = await api.request('GET', '/tools?category=Other&lowStock=true&limit=5');
    expect(names(uncategorised.body)).toEqual(['Own Threshold Saw', 'Nearly Out Sander']);
    for (const id of [nearly, own])
      await api.request('DELETE', `/tools/${id}`, { token: api.tokens.admin });
  });

  it.each([
    ['sort=cheapest', 'sort must be one of -createdAt, price, -price, name, lowStock'],
    ['sort=%7B%22%24gt%22%3A1%7D', 'sort must be one of -createdAt, price, -price, name, lowStock'],
    [
      'category=Hammers',
      'category must be one of Drills, Saws, Grinders, Sanders, Fastening, Accessories, Other',
    ],
    ['inStock=yes', 'inStock must be true or false'],
    ['lowStock=1', 'lowStock must be true or false'],
    [`q=${'x'.repeat(101)}`, 'q is limited to 100 characters'],
    ['q=a&q=b', 'q is limited to 100 characters'],
    ['q=a%00b', 'q may not contain a NUL character'],
    ['limit=0', 'limit must be a whole number from 1 to 200'],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const answer = await api.request('GET', `/tools?${query}`);
    expect(answer.status).toBe(400);
    expect([answer.body.message].flat()).toContain(message);
  });

  it('tolerates a small typo when the exact text finds nothing', async () => {
    const search = async (q: string) =>
      names((await api.request('GET', `/tools?q=${encodeURIComponent(q)}`)).body);
    expect(await search('drils')).toEqual(await search('drill'));
    expect(await search('Cordles Dril')).toEqual(['Cordless Drill Driver 18V']);
    const paged = await api.request('GET', '/tools?q=DRILS&limit=2&page=1');
    expect(paged.headers.get('x-total-count')).toBe('3');
    // An exact match wins: no typo variants are added to it.
    expect(await search('Hammer')).not.toContain('Drill Bit Set (a+b)*');
    expect(await search('zzzzzz')).toEqual([]);
  });

  it('treats operator-looking search text as text', async () => {
    const answer = await api.request('GET', `/tools?q=${encodeURIComponent('{"$ne":null}')}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
    const bracket = await api.request('GET', '/tools?q[$ne]=x');
    expect(bracket.status).toBe(400);
  });

  it('keeps a category and threshold an admin sets, and refuses unknown ones', async () => {
    const body = {
      name: 'Finishing Sander',
      img: '/images/orbit-sander.webp',
      shortDescription: 'Quarter sheet',
      minOrder: 2,
      available: 30,
      price: 59,
      category: 'Sanders',
      lowStockThreshold: 8,
    };
    const added = await api.request('POST', '/tools', { token: api.tokens.admin, body });
    expect(added.status).toBe(201);
    const tool = (await api.request('GET', `/tools/${added.body.insertedId}`)).body;
    expect(tool).toMatchObject({ category: 'Sanders', lowStockThreshold: 8 });
    const bad = await api.request('POST', '/tools', {
      token: api.tokens.admin,
      body: { ...body, category: 'Hammers', lowStockThreshold: -1 },
    });
    expect(bad.status).toBe(400);
    await api.request('DELETE', `/tools/${added.body.insertedId}`, { token: api.tokens.admin });
  });

  it('has indexes for the category, price and name orders', async () => {
    const indexes = await api.db.collection('tools').indexes();
    const keys = indexes.map((index) => Object.keys(index.key).join(','));
    expect(keys).toEqual(
      expect.arrayContaining(['_id', 'category,_id', 'price,_id', 'name,_id', 'available']),
    );
  });
});

describe('OpenAPI', () => {
  it('documents the catalog query and the CSV export', async () => {
    const docs = (await api.request('GET', '/docs-json')).body;
    const parameters = (operation: {
      parameters: { name: string; schema: { enum?: string[] } }[];
    }) => Object.fromEntries(operation.parameters.map((p) => [p.name, p.schema.enum ?? true]));
    expect(parameters(docs.paths['/tools'].get)).toEqual({
      limit: true,
      page: true,
      q: true,
      category: ['Drills', 'Saws', 'Grinders', 'Sanders', 'Fastening', 'Accessories', 'Other'],
      inStock: ['true', 'false'],
      lowStock: ['true', 'false'],
      sort: ['-createdAt', 'price', '-price', 'name', 'lowStock'],
    });
    const exportCsv = docs.paths['/adminOrders/export.csv'].get;
    expect(parameters(exportCsv)).toEqual({ state: [...ORDER_STATE_FILTERS] });
    expect(Object.keys(exportCsv.responses['200'].content)).toEqual(['text/csv']);
    expect(exportCsv.security).toEqual([{ bearer: [] }]);
  });
});
