import { escapeRegex, toolFilter, toolQueryKey, toolSort, typoPattern } from './tool-query';

describe('catalog query', () => {
  it('matches the search text literally and case-insensitively in name, description or SKU', () => {
    const filter = toolFilter({ q: '  (a+)+$ ' });
    const match = { $regex: '\\(a\\+\\)\\+\\$', $options: 'i' };
    expect(filter).toEqual({ $or: [{ name: match }, { shortDescription: match }, { sku: match }] });
    const regex = new RegExp(match.$regex, match.$options);
    expect(regex.test('x (A+)+$ y')).toBe(true);
    expect(regex.test('aaaa')).toBe(false);
    for (const special of '\\^$.*+?()[]{}|/-') {
      expect(new RegExp(escapeRegex(special)).test(special)).toBe(true);
    }
  });

  it('tolerates one typo of a short plain text only, as a bounded alternation', () => {
    const drils = new RegExp(typoPattern('drils')!, 'i');
    for (const name of ['Cordless Drill Driver', 'DRILL bit', 'drills'])
      expect(drils.test(name)).toBe(true);
    expect(drils.test('Angle Grinder')).toBe(false);
    expect(new RegExp(typoPattern('grinedr')!, 'i').test('Angle Grinder')).toBe(true); // swapped
    expect(new RegExp(typoPattern('jigsw')!, 'i').test('Jigsaw')).toBe(true); // missing
    expect(new RegExp(typoPattern('sandder')!, 'i').test('Orbital Sander')).toBe(true); // extra
    // Short, long or punctuated text is matched exactly only.
    for (const text of ['saw', 'x'.repeat(25), '(a+b)*', 'drill.*', '{"$ne":1}'])
      expect(typoPattern(text)).toBeUndefined();
    expect(typoPattern('x'.repeat(24))!.split('|').length).toBeLessThanOrEqual(3 * 24);
    expect(toolFilter({ q: 'drils' })).toEqual(toolFilter({ q: 'drils' }, false));
    // (a SKU by its exact part only)
    expect(toolFilter({ q: 'drils' }, true).$or).toEqual([
      { name: { $regex: typoPattern('drils'), $options: 'i' } },
      { shortDescription: { $regex: typoPattern('drils'), $options: 'i' } },
      { sku: { $regex: 'drils', $options: 'i' } },
    ]);
  });

  it('filters category, "Other" and stock; empty text is no filter', () => {
    expect(toolFilter({ q: '   ' })).toEqual({});
    expect(toolFilter({ category: 'Saws', inStock: true })).toEqual({
      category: 'Saws',
      available: { $gt: 0 },
    });
    expect(toolFilter({ category: 'Other' })).toEqual({ category: { $exists: false } });
  });

  it('sorts on indexed fields with a stable tie-break, newest first by default', () => {
    expect(toolSort(undefined)).toEqual({ _id: -1 });
    expect(toolSort('-createdAt')).toEqual({ _id: -1 });
    expect(toolSort('price')).toEqual({ price: 1, _id: -1 });
    expect(toolSort('-price')).toEqual({ price: -1, _id: -1 });
    expect(toolSort('name')).toEqual({ name: 1, _id: -1 });
  });

  it('caches equal views under one key', () => {
    expect(toolQueryKey({ q: ' Drill ' })).toBe(toolQueryKey({ q: 'drill', sort: '-createdAt' }));
    expect(toolQueryKey({ q: 'drill' })).not.toBe(toolQueryKey({ q: 'drill', inStock: true }));
  });
});
