/** A refund as its credit note prints it: the provider's id, the amount and the units credited. */
export interface CreditedRefund {
  id: string;
  /** Whole dollars. */
  amount: number;
  lines: Array<{ description: string; sku?: string; quantity: number; unitPrice: number }>;
}

/**
 * What paying an order needs from invoices (provided by InvoicesModule, global, so orders never
 * imports invoices): the order's invoice, issued now with the buyer's details as they are at
 * payment, or the one it already has. Answers the invoice number.
 */
export abstract class OrderInvoicing {
  abstract issueAtPayment(orderId: string, transactionId: string): Promise<number>;
  /** The credit note of one refund (its units of the order's invoice), once; answers its number. */
  abstract issueCreditNote(orderId: string, refund: CreditedRefund): Promise<number>;
}
