import { escapeRegex, toolFilter, toolQueryKey, toolSort } from './tool-query';

describe('catalog query', () => {
  it('matches the search text literally and case-insensitively in name or description', () => {
    const filter = toolFilter({ q: '  (a+)+$ ' });
    const match = { $regex: '\\(a\\+\\)\\+\\$', $options: 'i' };
    expect(filter).toEqual({ $or: [{ name: match }, { shortDescription: match }] });
    const regex = new RegExp(match.$regex, match.$options);
    expect(regex.test('x (A+)+$ y')).toBe(true);
    expect(regex.test('aaaa')).toBe(false);
    for (const special of '\\^$.*+?()[]{}|/-') {
      expect(new RegExp(escapeRegex(special)).test(special)).toBe(true);
    }
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
