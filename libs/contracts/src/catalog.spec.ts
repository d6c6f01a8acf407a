import {
  CatalogMessages,
  categoryLabel,
  isLowStock,
  lowStockFirst,
  lowStockThreshold,
  normalizeSku,
  SkuMessages,
  skuError,
  validateNewTool,
} from './index';

describe('low stock', () => {
  it('defaults the threshold to twice the minimum order; a product may set its own', () => {
    expect(lowStockThreshold({ minOrder: 10 })).toBe(20);
    expect(lowStockThreshold({ minOrder: 10, lowStockThreshold: 5 })).toBe(5);
    expect(isLowStock({ minOrder: 10, available: 19 })).toBe(true);
    expect(isLowStock({ minOrder: 10, available: 20 })).toBe(false);
    expect(isLowStock({ minOrder: 10, available: 6, lowStockThreshold: 5 })).toBe(false);
  });

  it('lists low-stock products first, the furthest below their threshold first, the rest in order', () => {
    const tools = [
      { name: 'a', minOrder: 1, available: 100 },
      { name: 'b', minOrder: 10, available: 15 },
      { name: 'c', minOrder: 1, available: 50 },
      { name: 'd', minOrder: 5, available: 0 },
    ];
    expect(lowStockFirst(tools).map((tool) => tool.name)).toEqual(['d', 'b', 'a', 'c']);
    expect(tools.map((tool) => tool.name)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('categories', () => {
  it('shows a product without a category as Other', () => {
    expect(categoryLabel({})).toBe('Other');
    expect(categoryLabel({ category: 'Saws' })).toBe('Saws');
  });

  it('accepts only the fixed categories and a whole threshold', () => {
    const tool = {
      name: 'x',
      img: '/i.webp',
      shortDescription: 'y',
      minOrder: 1,
      available: 2,
      price: 3,
    };
    expect(validateNewTool(tool)).toEqual({});
    expect(validateNewTool({ ...tool, category: 'Saws', lowStockThreshold: 4 })).toEqual({});
    expect(validateNewTool({ ...tool, category: 'Hammers', lowStockThreshold: -1 })).toEqual({
      category: CatalogMessages.category,
      lowStockThreshold: CatalogMessages.lowStockThreshold,
    });
  });
});

describe('SKU', () => {
  it('takes 2-32 letters, digits and dashes in any case, stored upper-case', () => {
    expect(normalizeSku(' drl-18v ')).toBe('DRL-18V');
    expect(skuError('drl-18v')).toBeUndefined();
    expect(skuError(undefined)).toBeUndefined();
    for (const bad of ['a', '-AB', 'AB-', 'A B', 'X'.repeat(33), 'ÄB', 7, null])
      expect(skuError(bad)).toBe(SkuMessages.invalid);
    expect(validateNewTool({ sku: 'no good' }).sku).toBe(SkuMessages.invalid);
  });
});
