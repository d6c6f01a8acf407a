import type { OrderState } from '@toolshop/contracts';

export const ORDERS_PAGE_SIZE = 10;

export type StateFilter = OrderState | 'all';

export const STATE_FILTERS: readonly { value: StateFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'shipped', label: 'Shipped' },
];

/**
 * GET /adminOrders for one page of one state (no state = every order), matching the search if one
 * is given (an order id, a customer email, ship-to words). Pages count from 1.
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
