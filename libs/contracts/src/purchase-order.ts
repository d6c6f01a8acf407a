/**
 * A buyer's own purchase order (PO) number on an order: their accounts payable match our invoices
 * to it. One rule for the order forms and the API.
 */
export const PURCHASE_ORDER_MAX_LENGTH = 35;
/** Letters, digits, spaces and - _ / . # (printed on invoices, in emails and in the CSV). */
export const PURCHASE_ORDER_PATTERN = /^[A-Za-z0-9 _/.#-]+$/;

export const PurchaseOrderMessages = {
  label: 'PO number',
  fieldLabel: 'PO number (optional)',
  format: `A PO number has 1 to ${PURCHASE_ORDER_MAX_LENGTH} characters: letters, digits, spaces and - _ / . # only`,
} as const;

/** The PO number to store: trimmed; absent or blank is none. Anything not text is kept for the rule to refuse. */
export function normalizePurchaseOrder(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  return value.trim() || undefined;
}

/** The PO number rule: none (absent or blank) or 1 to 35 allowed characters once trimmed. */
export function purchaseOrderError(value: unknown): string | undefined {
  const purchaseOrder = normalizePurchaseOrder(value);
  if (purchaseOrder === undefined) return undefined;
  if (typeof purchaseOrder !== 'string') return PurchaseOrderMessages.format;
  return purchaseOrder.length <= PURCHASE_ORDER_MAX_LENGTH &&
    PURCHASE_ORDER_PATTERN.test(purchaseOrder)
    ? undefined
    : PurchaseOrderMessages.format;
}
