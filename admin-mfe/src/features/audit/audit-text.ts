import type { AuditAction, AuditEntry } from '@toolshop/contracts';

/** What each action reads as on the Audit Log page. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'user.makeAdmin': 'Assigned admin',
  'product.add': 'Added a product',
  'product.restock': 'Restocked a product',
  'product.edit': 'Changed a product’s pack size or prices',
  'product.delete': 'Deleted a product',
  'order.cancel': 'Cancelled an order',
  'order.approve': 'Approved an order for shipping',
  'review.hide': 'Hid a review',
  'review.unhide': 'Showed a review again',
};

/** The details of an entry as one line: "available: 40, price: 30". */
export function detailsText(details: AuditEntry['details']): string {
  return Object.entries(details ?? {})
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

export const actionLabel = (action: string) => ACTION_LABELS[action as AuditAction] ?? action;
