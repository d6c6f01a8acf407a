import type { AuditAction, AuditEntry } from '@toolshop/contracts';

/** What each action reads as on the Audit Log page. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'user.makeAdmin': 'Assigned admin',
  'product.add': 'Added a product',
  'product.restock': 'Restocked a product',
  'product.edit': 'Changed a product',
  'product.delete': 'Deleted a product',
  'order.cancel': 'Canceled an order',
  'order.approve': 'Approved an order for shipping',
  'order.deliver': 'Marked an order delivered',
  'order.refund': 'Refunded an order',
  'order.return': 'Decided on a return',
  'review.hide': 'Hid a review',
  'review.unhide': 'Showed a review again',
  'image.upload': 'Uploaded a product picture',
  'company.prices': 'Set a company’s price list',
};

/** The details of an entry as one line: "available: 40, price: 30". */
export function detailsText(details: AuditEntry['details']): string {
  return Object.entries(details ?? {})
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/** One value of a change: "none" for no value or an empty list, a tier as "10+ at 25". */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(valueText).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.minQuantity === 'number' && typeof record.price === 'number') {
      return `${record.minQuantity}+ at ${record.price}`;
    }
    return Object.entries(record)
      .map(([key, item]) => `${key} ${valueText(item)}`)
      .join(' ');
  }
  return String(value);
}

/**
 * What an entry changed, one line per field: "price: 30 → 28" (a field it created reads
 * "none → …"). Empty for entries written before changes were recorded.
 */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map(
    (field) => `${field}: ${valueText(before[field])} → ${valueText(after[field])}`,
  );
}

export const actionLabel = (action: string) => ACTION_LABELS[action as AuditAction] ?? action;
