import type { OrderDraftErrors } from './order-draft';

/** An order the server accepted, as the form shows it instead of itself (so it is not placed twice). */
export interface PlacedOrder {
  id: string;
  quantity: number;
  total: number;
  address: string;
}

/** The order form's fields that can be invalid, in the form's order. */
const checkedFields = ['userName', 'address', 'phone', 'quantity', 'purchaseOrder'] as const;

/** The field to focus after a failed submit: the first invalid one in the form's order. */
export function firstInvalidOrderField(
  errors: OrderDraftErrors,
): (typeof checkedFields)[number] | undefined {
  return checkedFields.find((name) => errors[name]);
}
