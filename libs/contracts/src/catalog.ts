type Stock = { minOrder: number; available: number; lowStockThreshold?: number };

/** The fixed product categories. A product saved before them has none: "Other". */
export const TOOL_CATEGORIES = [
  'Drills',
  'Saws',
  'Grinders',
  'Sanders',
  'Fastening',
  'Accessories',
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];
/** How a product without a category is shown (and the filter value that selects those products). */
export const UNCATEGORISED = 'Other';
export const CATEGORY_FILTERS = [...TOOL_CATEGORIES, UNCATEGORISED] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

export const isToolCategory = (value: unknown): value is ToolCategory =>
  typeof value === 'string' && (TOOL_CATEGORIES as readonly string[]).includes(value);

export const categoryLabel = (tool: { category?: string }): string =>
  tool.category ?? UNCATEGORISED;

/** Orders of GET /tools?sort= ; the default (no sort) is newest first. */
export const TOOL_SORTS = ['-createdAt', 'price', '-price', 'name'] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];
export const TOOL_SORT_LABELS: Record<ToolSort, string> = {
  '-createdAt': 'Newest',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name (A-Z)',
};
/** Every order GET /tools accepts: the shop's, and low stock first (Manage Products). */
export const TOOL_LIST_SORTS = [...TOOL_SORTS, 'lowStock'] as const;
export type ToolListSort = (typeof TOOL_LIST_SORTS)[number];
/** Longest search text GET /tools?q= accepts. */
export const TOOL_SEARCH_MAX_LENGTH = 100;

/** What the catalog query of GET /tools accepts (all optional; limit/page are the list's paging). */
export interface ToolQuery {
  q?: string;
  category?: CategoryFilter;
  inStock?: boolean;
  /** Only products below their low-stock threshold. */
  lowStock?: boolean;
  sort?: ToolListSort;
}

export const CatalogMessages = {
  category: `category must be one of ${CATEGORY_FILTERS.join(', ')}`,
  categoryRequired: 'Choose a category',
  sort: `sort must be one of ${TOOL_LIST_SORTS.join(', ')}`,
  lowStock: 'lowStock must be true or false',
  inStock: 'inStock must be true or false',
  search: `q is limited to ${TOOL_SEARCH_MAX_LENGTH} characters`,
  lowStockThreshold: 'The low-stock threshold must be a whole number of at least 0',
} as const;

/**
 * A product's SKU (stock-keeping unit): 2-32 letters, digits and dashes, starting and ending with a
 * letter or digit, stored upper-case (an admin may type lower-case). Unique across products.
 */
export const SKU_MAX_LENGTH = 32;
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,30}[A-Z0-9]$/;
export const SkuMessages = {
  invalid:
    'The SKU must be 2-32 letters, digits or dashes, starting and ending with a letter or digit',
  taken: (sku: string) => `Another product already has the SKU ${sku}`,
} as const;

/** The SKU as stored: no spaces at the ends, upper-case. */
export const normalizeSku = (sku: string): string => sku.trim().toUpperCase();

export function skuError(sku: unknown): string | undefined {
  if (sku === undefined) return undefined;
  return typeof sku === 'string' && SKU_PATTERN.test(normalizeSku(sku))
    ? undefined
    : SkuMessages.invalid;
}

/** "SKU — name" (quick order's lines, suggestions and typeahead), or the name alone without a SKU. */
export const skuAndName = (tool: { sku?: string; name: string }): string =>
  tool.sku ? `${tool.sku} — ${tool.name}` : tool.name;

/** Low stock: below the product's own threshold, by default twice its minimum order. */
export function lowStockThreshold(tool: Omit<Stock, 'available'>): number {
  return tool.lowStockThreshold ?? 2 * tool.minOrder;
}

export function isLowStock(tool: Stock): boolean {
  return tool.available < lowStockThreshold(tool);
}

/** Low-stock products first (least stock relative to the threshold first), the rest in their order. */
export function lowStockFirst<T extends Stock>(tools: readonly T[]): T[] {
  const low = tools.filter(isLowStock);
  const rest = tools.filter((tool) => !isLowStock(tool));
  const gap = (tool: T) => tool.available - lowStockThreshold(tool);
  return [...low.sort((a, b) => gap(a) - gap(b)), ...rest];
}
