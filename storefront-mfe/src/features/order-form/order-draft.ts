import { Messages, isValidQuantity, type NewOrder, type Tool } from '@toolshop/contracts';

/** What the shopper has typed; the quantity stays a string so an emptied field is not 0. */
export interface OrderDraft {
  userName: string;
  address: string;
  phone: string;
  quantity: string;
}

export type OrderDraftErrors = Partial<Record<keyof OrderDraft, string>>;

type Stock = Pick<Tool, 'minOrder' | 'available'>;

export const ORDER_FIELD_REQUIRED = {
  address: 'Please enter a delivery address',
  phone: 'Please enter a phone number',
} as const;

export function parseQuantity(quantity: string): number {
  return quantity.trim() === '' ? Number.NaN : Number(quantity);
}

export function quantityError(quantity: string, stock: Stock): string | undefined {
  return isValidQuantity(parseQuantity(quantity), stock) ? undefined : Messages.invalidQuantity;
}

/** Every rule of the order form (SPEC.md §5): address, phone and a quantity within the stock. */
export function validateOrderDraft(draft: OrderDraft, stock: Stock): OrderDraftErrors {
  const errors: OrderDraftErrors = {};
  if (draft.address.trim() === '') errors.address = ORDER_FIELD_REQUIRED.address;
  if (draft.phone.trim() === '') errors.phone = ORDER_FIELD_REQUIRED.phone;
  const quantity = quantityError(draft.quantity, stock);
  if (quantity) errors.quantity = quantity;
  return errors;
}

/** The body of POST /orders: the server adds the email, product data and total itself. */
export function toNewOrder(draft: OrderDraft, toolId: string): NewOrder {
  const userName = draft.userName.trim();
  return {
    toolId,
    address: draft.address.trim(),
    phone: draft.phone.trim(),
    orderQuantity: parseQuantity(draft.quantity),
    ...(userName ? { userName } : {}),
  };
}
