import {
  isLowStock,
  lowStockFirst,
  UNCATEGORISED,
  type ToolListSort,
  type ToolQuery,
} from '@toolshop/contracts';
import type { QueryFilter, SortOrder } from 'mongoose';
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

export function toolFilter(query: ToolQuery): QueryFilter<Tool> {
  const filter: QueryFilter<Tool> = {};
  const text = query.q?.trim();
  if (text) {
    const match = { $regex: escapeRegex(text), $options: 'i' };
    filter.$or = [{ name: match }, { shortDescription: match }];
  }
  if (query.category === UNCATEGORISED) filter.category = { $exists: false };
  else if (query.category) filter.category = query.category;
  if (query.inStock) filter.available = { $gt: 0 };
  return filter;
}

/** Newest first is the ObjectId order (ids grow with time): `_id` is the createdAt index. */
const SORTS: Record<ToolListSort, Record<string, SortOrder>> = {
  '-createdAt': { _id: -1 },
  lowStock: { _id: -1 }, // then reordered by byStock
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
 * Low stock compares two fields of one product (available < threshold, default 2 x minOrder),
 * which FerretDB v1 cannot do in a query ($expr): these views are read whole and filtered and
 * ordered here (the catalog is a manufacturer's range: hundreds, not millions).
 */
export const needsStockView = (query: ToolQuery): boolean =>
  query.lowStock === true || query.sort === 'lowStock';

export function byStock<
  T extends { minOrder: number; available: number; lowStockThreshold?: number },
>(tools: T[], query: ToolQuery): T[] {
  const chosen = query.lowStock ? tools.filter(isLowStock) : tools;
  return query.sort === 'lowStock' ? lowStockFirst(chosen) : chosen;
}
