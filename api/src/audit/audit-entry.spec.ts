import { auditEntryOf } from './audit-entry';

const call = { actor: 'ada@toolshop.test', params: {}, body: {}, result: {} };

describe('auditEntryOf', () => {
  it('takes the target from the :id param and keeps only the listed plain body fields', () => {
    expect(
      auditEntryOf(
        { action: 'product.restock', details: ['available'] },
        {
          ...call,
          params: { id: '6651f0c2a1b2c3d4e5f60718' },
          body: { available: 40, img: 'x' },
        },
      ),
    ).toEqual({
      actor: 'ada@toolshop.test',
      action: 'product.restock',
      targetId: '6651f0c2a1b2c3d4e5f60718',
      details: { available: 40 },
    });
  });

  it('names a new product by its body and its id from the answer', () => {
    const entry = auditEntryOf(
      { action: 'product.add', details: ['available', 'price'] },
      {
        ...call,
        body: { name: 'Saw', available: { $gt: 1 }, price: 9 },
        result: { insertedId: 'abc' },
      },
    );
    expect(entry).toMatchObject({ targetId: 'abc', targetName: 'Saw', details: { price: 9 } });
    expect(entry?.details).not.toHaveProperty('available');
  });

  it('derives the action from the body where one route does two things', () => {
    const spec = {
      action: (body: Record<string, unknown>) =>
        body.hidden === true ? ('review.hide' as const) : ('review.unhide' as const),
    };
    expect(auditEntryOf(spec, { ...call, body: { hidden: true } })?.action).toBe('review.hide');
    expect(auditEntryOf(spec, { ...call, body: { hidden: false } })?.action).toBe('review.unhide');
  });

  it('takes an email param as the target and leaves details out when none are listed', () => {
    const entry = auditEntryOf(
      { action: 'user.makeAdmin' },
      { ...call, params: { email: 'new@toolshop.test' }, body: undefined },
    );
    expect(entry).toEqual({
      actor: 'ada@toolshop.test',
      action: 'user.makeAdmin',
      targetId: 'new@toolshop.test',
    });
  });
});

describe('before → after', () => {
  const edit = { action: 'product.edit' as const, details: ['price', 'priceTiers'] };
  const tiers = [{ minQuantity: 10, price: 25 }];

  it('keeps only the fields that changed, on both sides, key order aside', () => {
    const entry = auditEntryOf(
      edit,
      { ...call, params: { id: 't1' }, body: { price: 28, priceTiers: tiers } },
      [
        {
          before: { price: 30, minOrder: 1, priceTiers: [{ price: 25, minQuantity: 10 }] },
          after: { price: 28, minOrder: 1, priceTiers: tiers },
        },
      ],
    );
    expect(entry).toMatchObject({
      details: { price: 28, priceTiers: tiers },
      before: { price: 30 },
      after: { price: 28 },
    });
  });

  it('writes nothing for a no-op: the same values, or an answer that modified nothing', () => {
    const same = { before: { price: 30 }, after: { price: 30 } };
    expect(auditEntryOf(edit, { ...call, body: { price: 30 } }, [same])).toBeUndefined();
    expect(
      auditEntryOf(edit, { ...call, result: { matchedCount: 1, modifiedCount: 0 } }),
    ).toBeUndefined();
  });

  it('takes the first values found and the last written when a call records several changes', () => {
    const entry = auditEntryOf(edit, call, [
      { before: { price: 30 }, after: { price: 28 } },
      { before: { price: 28 }, after: { price: 26 } },
    ]);
    expect(entry).toMatchObject({ before: { price: 30 }, after: { price: 26 } });
  });

  it('uses the spec’s change when no service recorded one, and leaves out an empty side', () => {
    const entry = auditEntryOf(
      { action: 'image.upload', change: ({ result }) => ({ after: { url: result.url } }) },
      { ...call, result: { id: 'img1', url: '/images/img1/320.webp' } },
    );
    expect(entry).toEqual({
      actor: 'ada@toolshop.test',
      action: 'image.upload',
      targetId: 'img1',
      after: { url: '/images/img1/320.webp' },
    });
  });

  it('never keeps operators in the details', () => {
    const entry = auditEntryOf(edit, {
      ...call,
      body: { price: { $gt: 1 }, priceTiers: [{ minQuantity: { $ne: 0 }, price: 1 }] },
    });
    expect(entry?.details).toBeUndefined();
  });
});
