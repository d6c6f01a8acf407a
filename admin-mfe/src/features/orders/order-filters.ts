import { ORDER_STATE_LABELS, ORDER_STATES, type OrderStateFilter } from '@toolshop/contracts';

export const ORDERS_PAGE_SIZE = 10;

/**
 * One state of the lifecycle, 'returns' (every return under way), or 'all': every open order (the
 * API leaves cancelled and expired out).
 */
export type StateFilter = OrderStateFilter | 'all';

export const STATE_FILTERS: readonly { value: StateFilter; label: string }[] = [
  { value: 'all', label: 'All open' },
  ...ORDER_STATES.map((state) => ({ value: state, label: ORDER_STATE_LABELS[state] })),
  { value: 'returns', label: 'All returns' },
];

/** How a filter is named in sentences: "canceled", "refunded"; undefined for all open orders. */
export const filterName = (state: StateFilter): string | undefined =>
  state === 'all'
    ? undefined
    : state === 'returns'
      ? 'returns'
      : ORDER_STATE_LABELS[state].toLowerCase();

/**
 * GET /adminOrders for one page of one state (no state = every open order), matching the search if
 * one is given (an order id, a customer email, ship-to words). Pages count from 1.
 */
export function adminOrdersPath(
  state: StateFilter,
  page: number,
  limit = ORDERS_PAGE_SIZE,
  search = '',
): string {
  const query = new URLSearchParams({ limit: String(limit), page: String(page) });
  if (state !== 'all') query.set('state', state);
  if (search.trim()) query.set('q', search.trim());
  return `/adminOrders?${query}`;
}
