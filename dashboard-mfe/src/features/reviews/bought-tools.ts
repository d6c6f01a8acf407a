import type { Order } from '@toolshop/contracts';
import type { ReviewableTool } from './review-form';

/** The products of the customer's paid orders (each line of a quick order), once each, by name. */
export function boughtTools(orders: readonly Order[] | undefined): ReviewableTool[] {
  const byId = new Map<string, string>();
  for (const order of orders ?? []) {
    if (!order.paid) continue;
    for (const line of order.lines ?? [order]) byId.set(line.toolId, line.name);
  }
  return [...byId]
    .map(([toolId, name]) => ({ toolId, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
