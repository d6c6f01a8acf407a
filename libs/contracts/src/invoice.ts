/**
 * Invoices: the seller printed on every invoice, the invoice number's printed form, and
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

/** Credit notes are numbered apart from invoices, 1, 2, 3...; printed as CN-000001. */
export function formatCreditNoteNumber(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

/** The API path of a refunded order's credit note numbered `number`, or its latest (GET, owner or admin). */
export function creditNotePath(orderId: string, number?: number): string {
  const path = `/orders/${encodeURIComponent(orderId)}/credit-note.pdf`;
  return number === undefined ? path : `${path}?number=${number}`;
}

/** An order's credit notes (one per confirmed refund), oldest first. */
export function creditNotesOf(order: {
  refunds?: ReadonlyArray<{ creditNoteNumber?: number }>;
}): number[] {
  return (order.refunds ?? []).flatMap((refund) =>
    refund.creditNoteNumber ? [refund.creditNoteNumber] : [],
  );
}

/** A credit note's link: named by its number when the order has several. */
export function creditNoteLinkText(number: number, of: readonly number[]): string {
  return of.length > 1
    ? `Credit note ${formatCreditNoteNumber(number)} (PDF)`
    : InvoiceMessages.creditNoteLink;
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
  noCreditNote: 'A credit note is issued when an order is refunded: this order was not',
  noSuchCreditNote: 'This order has no credit note with that number',
  creditNoteLink: 'Credit note (PDF)',
  downloadFailed: 'The invoice could not be downloaded. Please try again.',
  orderAgain: 'Order again',
} as const;

/** The profile's optional billing details, printed on invoices. */
export const COMPANY_MAX_LENGTH = 120;
export const TAX_ID_MAX_LENGTH = 32;
/** Letters and digits, with spaces, dots, dashes and slashes between them (VAT, EIN, GST ids...). */
export const TAX_ID_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;

export const BillingMessages = {
  companyTooLong: `A company name has at most ${COMPANY_MAX_LENGTH} characters`,
  taxIdTooLong: `A tax ID has at most ${TAX_ID_MAX_LENGTH} characters`,
  taxIdFormat:
    'A tax ID holds letters and digits, with spaces, dots, dashes or slashes between them',
  notText: 'Must be text',
} as const;

/** The company name rule: empty (none) or up to COMPANY_MAX_LENGTH characters. */
export function companyError(value: unknown): string | undefined {
  if (typeof value !== 'string') return BillingMessages.notText;
  return value.trim().length > COMPANY_MAX_LENGTH ? BillingMessages.companyTooLong : undefined;
}

/** The tax id rule: empty (none), or up to TAX_ID_MAX_LENGTH characters of TAX_ID_PATTERN. */
export function taxIdError(value: unknown): string | undefined {
  if (typeof value !== 'string') return BillingMessages.notText;
  const taxId = value.trim();
  if (taxId.length > TAX_ID_MAX_LENGTH) return BillingMessages.taxIdTooLong;
  return taxId && !TAX_ID_PATTERN.test(taxId) ? BillingMessages.taxIdFormat : undefined;
}
