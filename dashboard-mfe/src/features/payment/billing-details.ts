import type { PayableOrder } from './api/payable-order';

/** The billing details sent with the card (SPEC §7). */
export interface BillingDetails {
  name: string;
  email: string;
  address: { line1: string };
}

export const billingDetailsOf = (order: PayableOrder): BillingDetails => ({
  name: order.userName,
  email: order.email,
  address: { line1: order.address },
});
