/**
 * Invoices (issue 15): the seller printed on every invoice, the invoice number's printed form, and
 * the texts the API and the order pages share.
 */
export const SELLER = {
  name: 'Toolshop Manufacturing',
  addressLines: ['42 Foundry Lane', 'Pittsburgh, PA 15222', 'United States'],
  phone: '+1 (412) 555-0100',
  email: 'sales@toolshop.example',
} as const;

/** Invoice numbers are 1, 2, 3... in the order they were issued; printed as INV-000001. */
export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** The API path of an order's invoice (GET, owner or admin, paid orders only). */
export function invoicePath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
}

/** The file name a downloaded invoice gets. */
export function invoiceFilename(number: number): string {
  return `invoice-${formatInvoiceNumber(number)}.pdf`;
}

export const InvoiceMessages = {
  link: 'Invoice (PDF)',
  onlyPaidOrders: 'An invoice is issued once the order is paid: pay this order first',
  downloadFailed: 'The invoice could not be downloaded. Please try again.',
  orderAgain: 'Order again',
} as const;
