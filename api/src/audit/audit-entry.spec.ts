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
    expect(entry.details).not.toHaveProperty('available');
  });

  it('derives the action from the body where one route does two things', () => {
    const spec = {
      action: (body: Record<string, unknown>) =>
        body.hidden === true ? ('review.hide' as const) : ('review.unhide' as const),
    };
    expect(auditEntryOf(spec, { ...call, body: { hidden: true } }).action).toBe('review.hide');
    expect(auditEntryOf(spec, { ...call, body: { hidden: false } }).action).toBe('review.unhide');
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
