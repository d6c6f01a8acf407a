import type { OrderDraft } from './order-draft';

/**
 * "Order again" of My Orders (dashboard) opens /tools/:id with the earlier order's quantity, address
 * and phone in the history entry's state (never in the URL): `{ reorder: { quantity, address, phone } }`.
 * Anything else in the state is ignored; the form's checks apply to these values as to typed ones.
 */
export function reorderDraft(state: unknown): Partial<OrderDraft> {
  const reorder = (state as { reorder?: Record<string, unknown> } | null)?.reorder;
  if (!reorder || typeof reorder !== 'object') return {};
  const draft: Partial<OrderDraft> = {};
  if (typeof reorder.address === 'string') draft.address = reorder.address;
  if (typeof reorder.phone === 'string') draft.phone = reorder.phone;
  if (
    typeof reorder.quantity === 'number' &&
    Number.isInteger(reorder.quantity) &&
    reorder.quantity > 0
  ) {
    draft.quantity = String(reorder.quantity);
  }
  return draft;
}
