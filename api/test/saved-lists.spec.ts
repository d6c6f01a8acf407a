// Each customer's saved lists (/savedLists): owner only, names unique per customer, at
// most SAVED_LISTS_MAX, lines of distinct known products with the quantities as given.
import { BuyingMessages, InputMessages, SAVED_LISTS_MAX } from '@toolshop/contracts';
import { Types } from 'mongoose';
import { TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

const lists = (token = api.tokens.customer) => api.request('GET', '/savedLists', { token });
const save = (body: unknown, token = api.tokens.customer) =>
  api.request('POST', '/savedLists', { token, body });
const replace = (id: string, body: unknown, token = api.tokens.customer) =>
  api.request('PUT', `/savedLists/${id}`, { token, body });
const remove = (id: string, token = api.tokens.customer) =>
  api.request('DELETE', `/savedLists/${id}`, { token });
/** A customer of their own, so the limits of one test do not meet another's lists. */
let seq = 0;
const freshCustomer = () => api.issuer.token({ email: `lists-${++seq}@toolshop.test`, name: 'L' });

describe('/savedLists', () => {
  it('saves, lists (newest first), renames, edits and deletes the caller’s own lists', async () => {
    const token = freshCustomer();
    const drill = await api.insertTool({ name: 'List Drill', minOrder: 10 });
    const blades = await api.insertTool({ name: 'List Blades', packSize: 5, minOrder: 10 });
    const created = await save(
      {
        name: '  Monthly consumables ',
        // Quantities are kept as given: the rules are checked when the list is ordered.
        lines: [
          { toolId: blades, quantity: 7 },
          { toolId: drill, quantity: 50 },
        ],
      },
      token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const second = await save({ name: 'Empty for now', lines: [] }, token);
    expect(second.status).toBe(201);

    const listed = await lists(token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        _id: second.body.insertedId,
        name: 'Empty for now',
        lines: [],
        updatedAt: expect.any(String),
      },
      {
        _id: created.body.insertedId,
        name: 'Monthly consumables',
        lines: [
          { toolId: blades, name: 'List Blades', quantity: 7 },
          { toolId: drill, name: 'List Drill', quantity: 50 },
        ],
        updatedAt: expect.any(String),
      },
    ]);

    const edited = await replace(
      created.body.insertedId,
      { name: 'Monthly', lines: [{ toolId: drill, quantity: 60 }] },
      token,
    );
    expect(edited.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const after = (await lists(token)).body;
    expect(after[0]).toMatchObject({ name: 'Monthly', lines: [{ toolId: drill, quantity: 60 }] });
    // A product removed later keeps its saved name in the list.
    await api.request('DELETE', `/tools/${drill}`, { token: api.tokens.admin });
    expect((await lists(token)).body[0].lines).toEqual([
      { toolId: drill, name: 'List Drill', quantity: 60 },
    ]);

    expect((await remove(created.body.insertedId, token)).body).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    const gone = await remove(created.body.insertedId, token);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(BuyingMessages.listNotFound);
    expect((await lists(token)).body).toHaveLength(1);
  });

  it('answers another customer’s list exactly as a missing one, and never lists it', async () => {
    const owner = freshCustomer();
    const toolId = await api.insertTool();
    const mine = await save({ name: 'Private', lines: [{ toolId, quantity: 1 }] }, owner);
    const id = mine.body.insertedId as string;
    for (const token of [api.tokens.other, api.tokens.admin]) {
      const edit = await replace(id, { name: 'Taken over', lines: [] }, token);
      expect(edit.status).toBe(404);
      expect(edit.body.message).toBe(BuyingMessages.listNotFound);
      expect((await remove(id, token)).status).toBe(404);
      expect((await lists(token)).body.map((list: { _id: string }) => list._id)).not.toContain(id);
    }
    expect(
      (await replace(String(new Types.ObjectId()), { name: 'X', lines: [] }, owner)).status,
    ).toBe(404);
    expect((await lists(owner)).body[0]).toMatchObject({ name: 'Private' });
  });

  it('keeps names unique per customer (trimmed, any case) and lets two customers share one', async () => {
    const token = freshCustomer();
    expect((await save({ name: 'Site kit', lines: [] }, token)).status).toBe(201);
    const twice = await save({ name: ' SITE KIT ', lines: [] }, token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(BuyingMessages.listNameTaken);
    expect((await save({ name: 'Site kit', lines: [] }, freshCustomer())).status).toBe(201);
    const other = await save({ name: 'Other kit', lines: [] }, token);
    const rename = await replace(other.body.insertedId, { name: 'site kit', lines: [] }, token);
    expect(rename.status).toBe(409);
    // Keeping its own name is no clash.
    expect(
      (await replace(other.body.insertedId, { name: 'Other kit', lines: [] }, token)).status,
    ).toBe(200);
  });

  it(`keeps at most ${SAVED_LISTS_MAX} lists per customer, even when saved at once`, async () => {
    const token = freshCustomer();
    const answers = await Promise.all(
      Array.from({ length: SAVED_LISTS_MAX + 5 }, (_, i) =>
        save({ name: `List ${i}`, lines: [] }, token),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(SAVED_LISTS_MAX);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.message).toBe(BuyingMessages.tooManyLists);
    expect((await lists(token)).body).toHaveLength(SAVED_LISTS_MAX);
  });

  it('refuses unknown or repeated products, bad names and quantities with a 400', async () => {
    const toolId = await api.insertTool({ name: 'Twice Saw' });
    const unknown = String(new Types.ObjectId());
    const refused = await save({
      name: 'Bad',
      lines: [
        { toolId, quantity: 1 },
        { toolId, quantity: 2 },
        { toolId: unknown, quantity: 1 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      [
        BuyingMessages.lineProblem(2, 'Twice Saw', BuyingMessages.listedTwice),
        BuyingMessages.lineProblem(3, unknown, BuyingMessages.unknownProduct(unknown)),
      ].join('; '),
    );
    for (const [body, message] of [
      [{ name: '   ', lines: [] }, BuyingMessages.listNameRequired],
      [{ name: 'x'.repeat(61), lines: [] }, BuyingMessages.listNameTooLong],
      [{ lines: [] }, BuyingMessages.listNameRequired],
      [{ name: 'Q', lines: [{ toolId, quantity: 0 }] }, BuyingMessages.wholeQuantity],
      [{ name: 'Q', lines: [{ toolId, quantity: 1.5 }] }, BuyingMessages.wholeQuantity],
      [{ name: 'Q', lines: [{ toolId: 'saw', quantity: 1 }] }, InputMessages.chooseProduct],
      [
        { name: 'Q', lines: Array.from({ length: 101 }, () => ({ toolId, quantity: 1 })) },
        BuyingMessages.tooManyLines,
      ],
      [{ name: 'Q', lines: 'saw' }, BuyingMessages.lineFormat],
      [{ name: 'Q' }, BuyingMessages.lineFormat],
    ] as const) {
      const answer = await save(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await replace('not-an-id', { name: 'Q', lines: [] })).status).toBe(400);
    expect((await lists()).body.map((list: { name: string }) => list.name)).not.toContain('Bad');
  });

  it('shows a list its owner shares to the other members of their company, read only', async () => {
    const owner = { email: `sharer-${++seq}@toolshop.test` };
    const colleague = { email: `colleague-${++seq}@toolshop.test` };
    const outsider = freshCustomer();
    const tokenOf = (email: string) => api.issuer.token({ email, name: 'M' });
    const companyId = new Types.ObjectId();
    await api.db.collection('company_members').insertMany(
      [owner, colleague].map(({ email }) => ({
        email,
        companyId,
        role: 'buyer',
        joinedAt: new Date(),
      })),
    );
    const drill = await api.insertTool({ name: 'Shared Drill' });
    const kept = await save({ name: 'Mine only', lines: [] }, tokenOf(owner.email));
    const shared = await save(
      { name: 'Site kit', lines: [{ toolId: drill, quantity: 3 }], shared: true },
      tokenOf(owner.email),
    );
    expect([kept.status, shared.status]).toEqual([201, 201]);

    const seen = await lists(tokenOf(colleague.email));
    expect(seen.body).toEqual([
      {
        _id: shared.body.insertedId,
        name: 'Site kit',
        lines: [{ toolId: drill, name: 'Shared Drill', quantity: 3 }],
        shared: true,
        owner: owner.email,
        updatedAt: expect.any(String),
      },
    ]);
    expect((await lists(outsider)).body).toEqual([]);
    // Read only for the colleague: their changes answer as for a missing list.
    const id = shared.body.insertedId as string;
    expect(
      (await replace(id, { name: 'Mine now', lines: [] }, tokenOf(colleague.email))).status,
    ).toBe(404);
    expect((await remove(id, tokenOf(colleague.email))).status).toBe(404);
    // A PUT without `shared` keeps it; `shared: false` takes it back.
    await replace(id, { name: 'Site kit', lines: [] }, tokenOf(owner.email));
    expect((await lists(tokenOf(colleague.email))).body).toHaveLength(1);
    await replace(id, { name: 'Site kit', lines: [], shared: false }, tokenOf(owner.email));
    expect((await lists(tokenOf(colleague.email))).body).toEqual([]);
    expect((await save({ name: 'Bad', lines: [], shared: 'yes' })).body.message).toContain(
      'shared must be true or false',
    );
  });

  it('needs a signed-in caller', async () => {
    expect((await api.request('GET', '/savedLists')).status).toBe(401);
    expect(
      (await api.request('POST', '/savedLists', { body: { name: 'A', lines: [] } })).status,
    ).toBe(401);
  });
});
