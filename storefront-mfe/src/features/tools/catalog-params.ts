import {
  CATEGORY_FILTERS,
  LIST_MAX_LIMIT,
  TOOL_SEARCH_MAX_LENGTH,
  TOOL_SORTS,
  type CategoryFilter,
  type ToolQuery,
  type ToolSort,
} from '@toolshop/contracts';

/**
 * The home grid's view in the address bar (`/?q=drill&category=Drills&inStock=true&sort=price`),
 * so a link reproduces it. Values the API would refuse are dropped instead of breaking the page.
 */
export function catalogQueryOf(params: URLSearchParams): ToolQuery {
  const query: ToolQuery = {};
  const q = params.get('q')?.trim().slice(0, TOOL_SEARCH_MAX_LENGTH);
  if (q) query.q = q;
  const category = params.get('category');
  if ((CATEGORY_FILTERS as readonly string[]).includes(category ?? ''))
    query.category = category as CategoryFilter;
  if (params.get('inStock') === 'true') query.inStock = true;
  const sort = params.get('sort');
  if ((TOOL_SORTS as readonly string[]).includes(sort ?? '')) query.sort = sort as ToolSort;
  return query;
}

/** The query string of a view (empty for the default view): for the address bar and GET /tools. */
export function catalogSearch(query: ToolQuery): string {
  const params = new URLSearchParams();
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.category) params.set('category', query.category);
  if (query.inStock) params.set('inStock', 'true');
  if (query.sort && query.sort !== '-createdAt') params.set('sort', query.sort);
  return params.toString();
}

export const isFiltered = (query: ToolQuery): boolean =>
  Boolean(query.q || query.category || query.inStock);

/**
 * The grid's count: "12 tools", or "12 of 150 tools" while only the first `shown` are on screen. A
 * list the API cut at its limit may have more behind it: "12 of 200+ tools".
 */
export const resultCount = (count: number, shown = count): string => {
  const total = count >= LIST_MAX_LIMIT ? `${count}+` : String(count);
  return `${shown < count ? `${shown} of ` : ''}${total} ${count === 1 ? 'tool' : 'tools'}`;
};
