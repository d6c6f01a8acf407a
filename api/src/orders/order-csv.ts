import { orderState, type OrderStateFilter } from '@toolshop/contracts';
import type { Order } from './order.schema';

/** Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A leading sign followed only by digits, spaces and a phone number's punctuation (`+1 555-0100`,
 * `+44 (20) 7946.0958`, `-12`): data, not a formula; no operator, letter or reference can run.
 */
const SIGNED_NUMBER = /^[+-][\d ().-]*\d[\d ().-]*$/;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would run as a formula gets a leading apostrophe,
 * a signed number or phone number is kept as it is and quoted, and a cell with a quote, comma or
 * line break is quoted, its quotes doubled. Numbers the server computed stay numbers.
 */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString() : value;
  if (SIGNED_NUMBER.test(text)) return `"${text}"`;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: Parameters<typeof csvCell>[0][]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

export type CsvOrder = Pick<
  Order,
  | 'name'
  | 'userName'
  | 'email'
  | 'address'
  | 'phone'
  | 'orderQuantity'
  | 'totalPrice'
  | 'paid'
  | 'shipped'
  | 'transactionId'
  | 'createdAt'
  | 'carrier'
  | 'trackingNumber'
  | 'sku'
  | 'lines'
  | 'number'
  | 'purchaseOrder'
> & { _id: unknown; toolId: unknown };

export const ORDER_CSV_HEADER = [
  'Order number',
  'Order id',
  'Created at',
  'State',
  'Product',
  'SKU',
  'Tool id',
  'Quantity',
  'Total (USD)',
  'Customer name',
  'Email',
  'Address',
  'Phone',
  'Transaction id',
  'Carrier',
  'Tracking number',
  'PO number',
];

export function orderCsvRow(order: CsvOrder): string {
  return csvRow([
    order.number,
    String(order._id),
    order.createdAt,
    orderState(order),
    order.name,
    // The SKUs as ordered: a multi-line order's, its lines' in order (older orders have none).
    order.lines?.length
      ? order.lines.flatMap((line) => (line.sku ? [line.sku] : [])).join(' ')
      : order.sku,
    String(order.toolId),
    order.orderQuantity,
    order.totalPrice,
    order.userName,
    order.email,
    order.address,
    order.phone,
    order.transactionId,
    // Set when the order was approved for shipping (blank before, or when shipped without them).
    order.carrier,
    order.trackingNumber,
    order.purchaseOrder,
  ]);
}

/** attachment; filename="orders-paid-2026-11-25.csv" (UTC date; "all" without a filter). */
export function orderCsvFilename(state: OrderStateFilter | undefined, now = new Date()): string {
  return `orders-${state ?? 'all'}-${now.toISOString().slice(0, 10)}.csv`;
}
