import { UNCATEGORISED, type ToolListSort, type ToolQuery } from '@toolshop/contracts';
import type { PipelineStage, QueryFilter, SortOrder } from 'mongoose';
import type { Page } from '../common/pagination';
import type { Tool } from './tool.schema';

/**
 * GET /tools's catalog query as a database filter and sort. The search text is only ever a
 * literal, case-insensitive substring: every regex metacharacter is escaped, so it can neither
 * inject a pattern (no ReDoS: a literal is matched in linear time) nor an operator (it is a string
 * inside $regex, validated as one by the DTO).
 */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** The search words a typo is tolerated in: letters, digits and spaces, 5 to 24 of them. */
const TYPO_TOLERANT = /^[\p{L}\p{N} ]{5,24}$/u;

/**
 * "drils" finds drills: the search text with one typo undone, as one alternation of
 * literals (each one character wrong, extra, missing, or two neighbours swapped). Bounded: only
 * for a short text of letters, digits and spaces (at most 3 x 24 variants of at most 26
 * characters, no nested quantifier), else undefined.
 */
export function typoPattern(text: string): string | undefined {
  const typed = text.trim();
  if (!TYPO_TOLERANT.test(typed)) return undefined;
  const chars = [...typed];
  const literal = (part: string[]) => escapeRegex(part.join(''));
  const variants = new Set<string>();
  chars.forEach((char, i) => {
    const before = chars.slice(0, i);
    variants.add(`${literal(before)}.?${literal(chars.slice(i + 1))}`); // wrong or extra
    variants.add(`${literal(before)}.${literal(chars.slice(i))}`); // one missing
    const next = chars[i + 1];
    if (next !== undefined) variants.add(literal([...before, next, char, ...chars.slice(i + 2)])); // swapped
  });
  return [...variants].join('|');
}

/**
 * Low stock (isLowStock in @toolshop/contracts): stock below the product's own threshold, by default
 * twice its minimum order. Two fields of one product compared: no index serves it, the database
 * reads the view's products (5,000 in the large data: 30-90 ms, against about 330 ms to send them
 * all to the API and filter them here, as it did), and the views are cached.
 */
const LOW_STOCK_THRESHOLD = { $ifNull: ['$lowStockThreshold', { $multiply: [2, '$minOrder'] }] };

/**
 * `typos`: match the search text with one typo (typoPattern) instead of exactly; the catalog
 * does so only when the exact text finds nothing.
 */
export function toolFilter(query: ToolQuery, typos = false): QueryFilter<Tool> {
  const filter: QueryFilter<Tool> = {};
  const text = query.q?.trim();
  if (text) {
    const pattern = (typos && typoPattern(text)) || escapeRegex(text);
    const match = { $regex: pattern, $options: 'i' };
    // A SKU is a code: found by its exact part only, never by a typo.
    const code = { $regex: escapeRegex(text), $options: 'i' };
    filter.$or = [{ name: match }, { shortDescription: match }, { sku: code }];
  }
  if (query.category === UNCATEGORISED) filter.category = { $exists: false };
  else if (query.category) filter.category = query.category;
  if (query.inStock) filter.available = { $gt: 0 };
  if (query.lowStock) filter.$expr = { $lt: ['$available', LOW_STOCK_THRESHOLD] };
  return filter;
}

/** Newest first is the ObjectId order (ids grow with time): `_id` is the createdAt index. */
const SORTS: Record<ToolListSort, Record<string, SortOrder>> = {
  '-createdAt': { _id: -1 },
  lowStock: { _id: -1 }, // lowStockFirstPipeline() orders it
  price: { price: 1, _id: -1 },
  '-price': { price: -1, _id: -1 },
  name: { name: 1, _id: -1 },
};

export function toolSort(sort: ToolListSort | undefined): Record<string, SortOrder> {
  return SORTS[sort ?? '-createdAt'];
}

/** The cache key of one catalog view: equal for queries that answer the same list. */
export function toolQueryKey(query: ToolQuery): string {
  return JSON.stringify([
    query.q?.trim().toLowerCase() ?? '',
    query.category ?? '',
    query.inStock === true,
    query.sort ?? '-createdAt',
    query.lowStock === true,
  ]);
}

/**
 * One page of a view in lowStockFirst's order (@toolshop/contracts): low-stock products first, the
 * least stock against their threshold first, then the rest; newest first within each.
 */
export function lowStockFirstPipeline(filter: QueryFilter<Tool>, page: Page): PipelineStage[] {
  const shortfall = { $min: [{ $subtract: ['$available', LOW_STOCK_THRESHOLD] }, 0] };
  return [
    { $match: filter },
    { $addFields: { _shortfall: shortfall } },
    { $sort: { _shortfall: 1, _id: -1 } },
    { $skip: page.skip },
    { $limit: page.limit },
    { $project: { _shortfall: 0 } },
  ];
}
