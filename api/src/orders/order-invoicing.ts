/**
 * What paying an order needs from invoices (provided by InvoicesModule, global, so orders never
 * imports invoices): the order's invoice, issued now with the buyer's details as they are at
 * payment, or the one it already has. Answers the invoice number.
 */
export abstract class OrderInvoicing {
  abstract issueAtPayment(orderId: string, transactionId: string): Promise<number>;
  /** The credit note undoing the order's invoice once it is refunded; answers its number. */
  abstract issueCreditNote(orderId: string, refundId: string): Promise<number>;
}
