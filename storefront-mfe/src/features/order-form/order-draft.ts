import {
  BuyingMessages,
  DeliveryMessages,
  Messages,
  nameError,
  packSizeOf,
  purchaseOrderError,
  quantityIssue,
  lineTotal,
  memberUnitPrice,
  type CompanyPriceTerms,
  type NewOrder,
  type Tool,
} from '@toolshop/contracts';

/** What the shopper has typed; the quantity stays a string so an emptied field is not 0. */
export interface OrderDraft {
  userName: string;
  address: string;
  phone: string;
  quantity: string;
  /** The buyer's own PO number; drafts kept before it and "Order again" have none. */
  purchaseOrder?: string;
}

export type OrderDraftErrors = Partial<Record<keyof OrderDraft, string>>;

type Stock = Pick<Tool, 'minOrder' | 'available' | 'packSize'>;

export function parseQuantity(quantity: string): number {
  return quantity.trim() === '' ? Number.NaN : Number(quantity);
}

/** The spec's 'enter valid quantity' for a quantity out of range; a wrong multiple of the pack says which ones fit. */
export function quantityError(quantity: string, stock: Stock): string | undefined {
  const issue = quantityIssue(parseQuantity(quantity), stock);
  if (issue === undefined) return undefined;
  return issue === 'packMultiple'
    ? BuyingMessages.packMultiple(packSizeOf(stock), stock.minOrder)
    : Messages.invalidQuantity;
}

/** The most that can be ordered now: the stock, down to whole packs. */
export function largestOrder(stock: Stock): number {
  const pack = packSizeOf(stock);
  return Math.floor(stock.available / pack) * pack;
}

/**
 * What the quantity costs: the unit price its tier (or the shopper's company price list) gives and
 * quantity × that price (the server computes the same from the tool it reserves); undefined while
 * it is invalid.
 */
export function draftPrice(
  quantity: string,
  tool: Stock & Pick<Tool, 'price' | 'priceTiers'>,
  company?: CompanyPriceTerms,
): { unitPrice: number; total: number } | undefined {
  if (quantityError(quantity, tool)) return undefined;
  const count = parseQuantity(quantity);
  const unitPrice = memberUnitPrice(tool, count, company);
  return { unitPrice, total: lineTotal(count, unitPrice) };
}

/** Every rule of the order form (SPEC.md §5): address, phone and a quantity within the stock; a name follows the name rule. */
export function validateOrderDraft(draft: OrderDraft, stock: Stock): OrderDraftErrors {
  const errors: OrderDraftErrors = {};
  // Optional (the account's name is used without one), but the same name rule as everywhere.
  const userName = draft.userName.trim() ? nameError(draft.userName) : undefined;
  if (userName) errors.userName = userName;
  if (draft.address.trim() === '') errors.address = DeliveryMessages.address;
  if (draft.phone.trim() === '') errors.phone = DeliveryMessages.phone;
  const quantity = quantityError(draft.quantity, stock);
  if (quantity) errors.quantity = quantity;
  const purchaseOrder = purchaseOrderError(draft.purchaseOrder);
  if (purchaseOrder) errors.purchaseOrder = purchaseOrder;
  return errors;
}

/** The body of POST /orders: the server adds the email, product data and total itself. */
export function toNewOrder(draft: OrderDraft, toolId: string): NewOrder {
  const userName = draft.userName.trim();
  const purchaseOrder = draft.purchaseOrder?.trim();
  return {
    toolId,
    address: draft.address.trim(),
    phone: draft.phone.trim(),
    orderQuantity: parseQuantity(draft.quantity),
    ...(userName ? { userName } : {}),
    ...(purchaseOrder ? { purchaseOrder } : {}),
  };
}
