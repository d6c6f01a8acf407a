import { PRICE_MAX, QUANTITY_MAX, RuleMessages } from '@toolshop/contracts';
import { CUSTOMER, TestApi } from './support/test-api';

/** Bad input always answers 4xx in the one error shape, with the spec's messages where it has them. */
let api: TestApi;
let toolId: string;
let ownOrderId: string;
beforeAll(async () => {
  api = await TestApi.start();
  toolId = await api.insertTool({ minOrder: 1, available: 100 });
  ownOrderId = await api.placeOrder(toolId);
});
afterAll(() => api.stop());

const expectError = (
  answer: { status: number; body: unknown },
  status: number,
  message?: string,
) => {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({
    statusCode: status,
    message: message ?? expect.any(String),
    error: expect.any(String),
  });
};

describe('ids', () => {
  it.each(['abc', '123', 'zzzzzzzzzzzzzzzzzzzzzzzz', '0123456789abcdef0123456789'])(
    'answers 400 for the malformed id %s',
    async (id) => {
      expectError(await api.request('GET', `/tools/${id}`), 400, 'Invalid id');
      expectError(
        await api.request('GET', `/orders/${id}`, { token: api.tokens.customer }),
        400,
        'Invalid id',
      );
      expectError(
        await api.request('DELETE', `/tools/${id}`, { token: api.tokens.admin }),
        400,
        'Invalid id',
      );
      expectError(
        await api.request('PATCH', `/adminOrders/${id}`, { token: api.tokens.admin, body: {} }),
        400,
        'Invalid id',
      );
    },
  );

  it('answers 404 for a well-formed unknown id', async () => {
    const unknown = '0123456789abcdef01234567';
    expectError(await api.request('GET', `/tools/${unknown}`), 404);
    expectError(
      await api.request('PUT', `/tools/${unknown}`, {
        token: api.tokens.admin,
        body: { available: 1 },
      }),
      404,
    );
    expectError(
      await api.request('GET', `/orders/${unknown}`, { token: api.tokens.customer }),
      404,
    );
    expectError(
      await api.request('DELETE', `/orders/${unknown}`, { token: api.tokens.customer }),
      404,
    );
  });
});

describe('operator injection never reaches a query', () => {
  it.each([
    ['query string', `/orders?email[$gt]=`],
    ['repeated query key', `/orders?email=${CUSTOMER}&email=other@toolshop.test`],
    ['operator as email', `/orders?email=${encodeURIComponent('{"$gt":""}')}`],
    ['email of /userReviews', `/userReviews?email[$ne]=x`],
    ['email of /users', `/users?email[$gt]=`],
    ['state of /adminOrders', `/adminOrders?state[$ne]=paid`],
    ['limit of /adminOrders', `/adminOrders?limit[$gt]=0`],
    ['page of /reviews', `/reviews?page[$gt]=0&limit=5`],
    ['days of /adminOrders/stats', `/adminOrders/stats?days[$gt]=0`],
  ])('in the %s', async (_label, path) => {
    const answer = await api.request('GET', path, { token: api.tokens.admin });
    expectError(answer, 400);
  });

  it.each([
    [
      'POST /orders toolId',
      'POST',
      '/orders',
      { toolId: { $gt: '' }, address: 'a', phone: '1', orderQuantity: 1 },
    ],
    [
      'POST /orders quantity',
      'POST',
      '/orders',
      { toolId: 'x', address: { $ne: null }, phone: '1', orderQuantity: { $gt: 0 } },
    ],
    ['POST /reviews', 'POST', '/reviews', { opinion: { $gt: '' }, rating: 5 }],
    ['PUT /users', 'PUT', `/users?email=${CUSTOMER}`, { email: { $gt: '' } }],
    ['POST /suggestions', 'POST', '/suggestions', { email: { $gt: '' }, opinion: 'x' }],
    ['POST /create-payment-intent', 'POST', '/create-payment-intent', { orderId: { $gt: '' } }],
    [
      'PATCH /orders/{id}',
      'PATCH',
      // The caller's own order: ownership is checked first, then the body.
      () => `/orders/${ownOrderId}`,
      { transactionId: { $ne: null } },
    ],
    [
      'POST /payments/test/confirm',
      'POST',
      '/payments/test/confirm',
      {
        clientSecret: { $gt: '' },
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        billingDetails: { email: 'a@b.co', address: { line1: 'x' } },
      },
    ],
  ] as [string, string, string | (() => string), object][])(
    'in the body of %s',
    async (_label, method, path, body) => {
      const url = typeof path === 'function' ? path() : path;
      expectError(await api.request(method, url, { token: api.tokens.customer, body }), 400);
    },
  );

  it('in a tool body sent by an admin', async () => {
    const answer = await api.request('POST', '/tools', {
      token: api.tokens.admin,
      body: {
        name: { $gt: '' },
        img: '/x.webp',
        shortDescription: 'd',
        minOrder: 1,
        available: 1,
        price: 1,
      },
    });
    expectError(answer, 400, 'Name is Required');
  });
});

describe('types and rules', () => {
  it('gives every add-product message for an empty body', async () => {
    const answer = await api.request('POST', '/tools', { token: api.tokens.admin, body: {} });
    expect(answer.status).toBe(400);
    for (const message of [
      'Name is Required',
      'Image link is Required',
      'shortDescription is Required',
      'Minimum Order is Required',
      'Available is Required',
      'price is Required',
    ]) {
      expect(answer.body.message).toContain(message);
    }
  });

  it.each([
    ['a string number', { minOrder: '5' }, 'Minimum Order is Required'],
    ['a fraction', { minOrder: 1.5 }, 'Minimum Order is Required'],
    ['a price with cents', { price: 49.99 }, 'The price must be whole dollars'],
    ['a negative price', { price: -3 }, 'price is Required'],
    ['a negative stock', { available: -1 }, 'Available is Required'],
    [
      'minOrder above available',
      { minOrder: 50, available: 10 },
      'The minimum order cannot be larger than the available stock',
    ],
  ])('refuses a tool with %s', async (_label, fields, message) => {
    const body = {
      name: 'Saw',
      img: 'http://localhost:5000/images/jigsaw.webp',
      shortDescription: 'd',
      minOrder: 1,
      available: 10,
      price: 10,
      ...fields,
    };
    expectError(
      await api.request('POST', '/tools', { token: api.tokens.admin, body }),
      400,
      message,
    );
  });

  it.each([
    [{ rating: 6, opinion: 'ok' }, 'Maximum Rating is 5'],
    [{ rating: 0, opinion: 'ok' }, 'Minimum rating is 1'],
    [{ rating: 3.5, opinion: 'ok' }, 'Give whole stars from 1 to 5'],
    [{ rating: 0.5, opinion: 'ok' }, 'Minimum rating is 1'],
    [{ rating: '5', opinion: 'ok' }, 'Minimum rating is 1'],
    [{ rating: 5, opinion: '' }, 'Please give short opinion'],
    [{ rating: 5, opinion: 'x'.repeat(201) }, 'The opinion is limited to 200 characters'],
  ])('refuses the review %j', async (body, message) => {
    expectError(
      await api.request('POST', '/reviews', { token: api.tokens.customer, body }),
      400,
      message,
    );
  });

  it('takes the review author from the token, not the body', async () => {
    const body = {
      rating: 5,
      opinion: 'x'.repeat(200),
      email: 'someone@else.com',
      customerName: 'Someone Else',
    };
    expect(
      (await api.request('POST', '/reviews', { token: api.tokens.customer, body })).status,
    ).toBe(201);
    const own = await api.request('GET', `/userReviews?email=${CUSTOMER}`, {
      token: api.tokens.customer,
    });
    expect(own.body[0]).toMatchObject({
      email: CUSTOMER,
      customerName: 'Casey Customer',
      rating: 5,
    });
    const list = await api.request('GET', '/reviews');
    expect(list.body[0]).toEqual({
      _id: expect.any(String),
      customerName: 'Casey Customer',
      opinion: 'x'.repeat(200),
      rating: 5,
      // Whether the author has a paid order; still no email in the public list.
      verifiedBuyer: false,
    });
  });

  it('refuses unknown fields (no mass assignment)', async () => {
    expectError(
      await api.request('PUT', `/tools/${toolId}`, {
        token: api.tokens.admin,
        body: { available: 5, price: 1 },
      }),
      400,
      'property price should not exist',
    );
    expectError(
      await api.request('PUT', `/users?email=${CUSTOMER}`, {
        token: api.tokens.customer,
        body: { email: CUSTOMER, role: 'admin' },
      }),
      400,
      'property role should not exist',
    );
  });

  it('answers 400 for an order with a string quantity or missing address', async () => {
    expectError(
      await api.request('POST', '/orders', {
        token: api.tokens.customer,
        body: { toolId, address: 'a', phone: '1', orderQuantity: '2' },
      }),
      400,
      'enter valid quantity',
    );
    expectError(
      await api.request('POST', '/orders', {
        token: api.tokens.customer,
        body: { toolId, phone: '1', orderQuantity: 2 },
      }),
      400,
      'Address is Required',
    );
  });

  it('accepts {email} alone after sign-in, and otherwise only all five profile fields', async () => {
    const put = (body: object) =>
      api.request('PUT', `/users?email=${CUSTOMER}`, { token: api.tokens.customer, body });
    expect((await put({ email: CUSTOMER })).status).toBe(200);
    expectError(
      await put({ email: CUSTOMER, location: 'Berlin' }),
      400,
      'Fill in all five fields: email, location, phone, education and linkedIn',
    );
    expectError(
      await put({
        email: 'other@toolshop.test',
        location: 'a',
        phone: 'b',
        education: 'c',
        linkedIn: 'https://d.example',
      }),
      400,
      'The email must be your own',
    );
    const full = {
      email: CUSTOMER,
      location: 'Berlin',
      phone: '+49 30 1234',
      education: 'BSc',
      linkedIn: 'https://linkedin.com/in/casey',
    };
    expect((await put(full)).body).toMatchObject({ acknowledged: true, matchedCount: 1 });
    const profile = await api.request('GET', `/users?email=${CUSTOMER}`, {
      token: api.tokens.customer,
    });
    expect(profile.body[0]).toMatchObject(full);
    // The sign-in upsert must not wipe the profile.
    await put({ email: CUSTOMER });
    expect(
      (await api.request('GET', `/users?email=${CUSTOMER}`, { token: api.tokens.customer }))
        .body[0],
    ).toMatchObject(full);
  });

  it.each(['limit=0', 'limit=201', 'limit=abc', 'page=0', 'page=1.5'])(
    'refuses the paging %s',
    async (query) => {
      expectError(await api.request('GET', `/tools?${query}`), 400);
    },
  );
});

describe('bounds and links', () => {
  const tool = {
    name: 'Bounded Saw',
    img: '/images/jigsaw.webp',
    shortDescription: 'Cuts',
    minOrder: 1,
    available: 10,
    price: 10,
  };
  const addTool = (fields: object) =>
    api.request('POST', '/tools', { token: api.tokens.admin, body: { ...tool, ...fields } });

  it('keeps price × quantity an exact integer: quantities and prices have upper bounds', async () => {
    expectError(await addTool({ available: QUANTITY_MAX + 1 }), 400, RuleMessages.quantityTooLarge);
    expectError(await addTool({ price: PRICE_MAX + 1 }), 400, RuleMessages.priceTooLarge);
    const order = await api.request('POST', '/orders', {
      token: api.tokens.customer,
      body: { toolId, address: 'Elm 1', phone: '555', orderQuantity: 2 ** 53 },
    });
    expectError(order, 400, RuleMessages.quantityTooLarge);
    expect(Number.isSafeInteger(QUANTITY_MAX * PRICE_MAX * 100)).toBe(true);
  });

  it('stores an image path as a link to the API and refuses images on other hosts', async () => {
    const added = await addTool({});
    expect(added.status).toBe(201);
    const stored = await api.request('GET', `/tools/${added.body.insertedId}`);
    expect(stored.body.img).toBe('http://localhost:5000/images/jigsaw.webp');
    for (const img of [
      'https://tracker.example/pixel.gif',
      'http://localhost:9999/images/a.webp',
    ]) {
      expectError(await addTool({ img }), 400, RuleMessages.imageHostNotAllowed);
    }
    expectError(await addTool({ img: 'javascript:alert(1)' }), 400, RuleMessages.imageLinkInvalid);
  });

  it('refuses a LinkedIn link that is not http(s)', async () => {
    const profile = {
      email: CUSTOMER,
      location: 'Springfield',
      phone: '555',
      education: 'School',
    };
    for (const linkedIn of [
      'javascript:alert(document.cookie)',
      'data:text/html,x',
      'linkedin.com/in/x',
    ]) {
      const answer = await api.request('PUT', `/users?email=${CUSTOMER}`, {
        token: api.tokens.customer,
        body: { ...profile, linkedIn },
      });
      expectError(answer, 400, RuleMessages.linkedInInvalid);
    }
    const ok = await api.request('PUT', `/users?email=${CUSTOMER}`, {
      token: api.tokens.customer,
      body: { ...profile, linkedIn: 'https://www.linkedin.com/in/casey' },
    });
    expect(ok.status).toBe(200);
  });

  it('answers an over-long id with 400 like any malformed id', async () => {
    expectError(await api.request('GET', `/tools/${'a'.repeat(1500)}`), 400, 'Invalid id');
  });
});

describe('bodies', () => {
  it('refuses oversized bodies with 413', async () => {
    const answer = await api.request('POST', '/reviews', {
      token: api.tokens.customer,
      rawBody: JSON.stringify({ rating: 5, opinion: 'x'.repeat(100_000) }),
    });
    expectError(answer, 413, 'Request body is too large');
  });

  it('refuses malformed JSON with 400', async () => {
    expectError(await api.request('POST', '/suggestions', { rawBody: '{"email": ' }), 400);
  });

  it('answers 400, not 500, to arrays nested thousands deep', async () => {
    const deep = '['.repeat(6000) + ']'.repeat(6000);
    for (const [path, token] of [
      ['/payments/test/confirm', undefined],
      ['/suggestions', undefined],
      ['/orders', api.tokens.customer],
    ] as const) {
      const answer = await api.request('POST', path, { token, rawBody: `{"orderId": ${deep}}` });
      expectError(answer, 400, 'The request body is nested too deeply');
    }
  });

  it('refuses a non-object body', async () => {
    expectError(await api.request('POST', '/suggestions', { rawBody: '[1,2]' }), 400);
    expectError(await api.request('POST', '/suggestions', { rawBody: '"text"' }), 400);
  });
});

describe('names (a name goes into emails, so it is one short line without a link)', () => {
  const phishing =
    'Toolshop Security Team.\n\nWe detected a suspicious payment. Re-enter your card at http://evil.test/pay';
  const order = (userName: string, token = api.tokens.customer) =>
    api.request('POST', '/orders', {
      token,
      body: { toolId, address: '1 Main St', phone: '555-0100', orderQuantity: 1, userName },
    });

  it.each([
    [phishing, RuleMessages.nameControlCharacters],
    ['Casey at www.evil', RuleMessages.nameNoLinks],
    ['evil.test/pay', RuleMessages.nameNoLinks],
    ['C'.repeat(61), RuleMessages.nameTooLong],
  ])('refuses the order name %j with the shared rule', async (userName, message) => {
    expectError(await order(userName), 400, message);
  });

  it('takes an ordinary name, and the token name when none is given', async () => {
    expect((await order("Anne-Marie O'Neil")).status).toBe(201);
    const placed = await order('  ');
    expect(placed.status).toBe(201);
    const answer = await api.request('GET', `/orders/${placed.body.insertedId}`, {
      token: api.tokens.customer,
    });
    expect(answer.body.userName).toBe('Casey Customer');
  });

  it('drops a token name that breaks the rule instead of writing it into the order', async () => {
    const token = api.issuer.token({ email: 'phished@toolshop.test', name: phishing });
    const placed = await order('', token);
    expect(placed.status).toBe(201);
    const answer = await api.request('GET', `/orders/${placed.body.insertedId}`, { token });
    expect(answer.body.userName).toBe('');
  });
});
