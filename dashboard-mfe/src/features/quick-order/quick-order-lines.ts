import {
  BuyingMessages,
  ORDER_LINES_MAX,
  ORDER_LINES_TEXT_MAX_LENGTH,
  parseOrderLines,
  type CheckedOrderLine,
  type ParsedOrderLines,
  type QuickOrderCheck,
  type SavedListInput,
} from '@toolshop/contracts';

/** The text read, or why it cannot be sent for a check. */
export type ReadLines =
  { parsed: ParsedOrderLines; error?: undefined } | { parsed?: undefined; error: string };

/** Reads the pasted (or uploaded) text; bounds it before anything is sent. */
export function readLines(text: string): ReadLines {
  if (text.length > ORDER_LINES_TEXT_MAX_LENGTH) return { error: BuyingMessages.textTooLong };
  const parsed = parseOrderLines(text);
  if (parsed.lines.length === 0 && parsed.unreadable.length === 0)
    return { error: BuyingMessages.noLines };
  if (parsed.lines.length > ORDER_LINES_MAX) return { error: BuyingMessages.tooManyLines };
  return { parsed };
}

/** A row of the check table: a checked line, or a line of the text that could not be read. */
export interface LineRow extends Partial<CheckedOrderLine> {
  lineNumber: number;
  /** What the customer wrote for the product (or the whole unreadable line). */
  written: string;
}

/** The text's lines in their order: the API's answer for each readable one, the reader's problem for the rest. */
export function lineRows(parsed: ParsedOrderLines, check: QuickOrderCheck | undefined): LineRow[] {
  const checked = parsed.lines.map((line, i) => ({
    ...check?.lines[i],
    ...line,
    written: line.product,
  }));
  const unreadable = parsed.unreadable.map(({ lineNumber, text, problem }) => ({
    lineNumber,
    written: text,
    problem,
  }));
  return [...checked, ...unreadable].sort((a, b) => a.lineNumber - b.lineNumber);
}

/** Every line was read and can be ordered as it is. */
export const isOrderable = (parsed: ParsedOrderLines, check: QuickOrderCheck) =>
  check.orderable &&
  parsed.unreadable.length === 0 &&
  check.lines.length > 0 &&
  check.lines.every((line) => line.toolId);

/** POST /quickOrders's lines (call once isOrderable). */
export const orderLinesOf = (check: QuickOrderCheck) =>
  check.lines.flatMap((line) =>
    line.toolId ? [{ toolId: line.toolId, quantity: line.quantity }] : [],
  );

/** A saved list's lines: every product found, once (its first line), with the quantity as written. */
export function listLinesOf(lines: readonly CheckedOrderLine[]): SavedListInput['lines'] {
  const seen = new Set<string>();
  return lines.flatMap((line) => {
    if (!line.toolId || seen.has(line.toolId)) return [];
    seen.add(line.toolId);
    return [{ toolId: line.toolId, quantity: line.quantity }];
  });
}

/** A product as a line of the text: quoted when it holds a separator or a quote. */
const productText = (product: string) =>
  /[",;\t]/.test(product) ? `"${product.replace(/"/g, '""')}"` : product;

/** The text with line `lineNumber` (1-based, as parseOrderLines counts) written anew as "product, quantity". */
export function withLineQuantity(
  text: string,
  lineNumber: number,
  product: string,
  quantity: number,
): string {
  const rows = text.split(/\r\n|\r|\n/);
  if (lineNumber < 1 || lineNumber > rows.length) return text;
  rows[lineNumber - 1] = `${productText(product)}, ${quantity}`;
  return rows.join('\n');
}

/** The text with each later line of a product already listed added into its first line. */
export function mergeDuplicateLines(text: string, rows: readonly LineRow[]): string {
  const first = new Map<string, LineRow & { total: number }>();
  const dropped = new Set<number>();
  for (const row of rows) {
    if (!row.toolId || row.quantity === undefined) continue;
    const earlier = first.get(row.toolId);
    if (earlier) {
      earlier.total += row.quantity;
      dropped.add(row.lineNumber);
    } else first.set(row.toolId, { ...row, total: row.quantity });
  }
  if (dropped.size === 0) return text;
  let merged = text;
  for (const row of first.values())
    merged = withLineQuantity(merged, row.lineNumber, row.written, row.total);
  return merged
    .split('\n')
    .filter((_, i) => !dropped.has(i + 1))
    .join('\n');
}

/** The product part of the line the caret is in (what the typeahead completes). */
export interface ProductPart {
  /** Where the line starts, where its product part ends (before the quantity's separator) and where the line ends. */
  start: number;
  end: number;
  lineEnd: number;
  /** The product part, trimmed. */
  prefix: string;
  /** The line has a quantity after its product part. */
  hasQuantity: boolean;
}

/** Longest product part the typeahead looks up (GET /tools/lookup takes 40 characters). */
const LOOKUP_PREFIX_MAX = 40;

/**
 * The product part of the line at `caret`, when the caret is in it and it holds something to look
 * up: not blank, not already "SKU — name" (a pick), not longer than the lookup takes. The quantity
 * is after the line's last separator (a comma, semicolon or tab), as parseOrderLines reads it.
 */
export function productPartAt(text: string, caret: number): ProductPart | undefined {
  const start = text.lastIndexOf('\n', caret - 1) + 1;
  const next = text.indexOf('\n', caret);
  const lineEnd = next === -1 ? text.length : next;
  const line = text.slice(start, lineEnd).replace(/\r$/, '');
  const separator = Math.max(line.lastIndexOf(','), line.lastIndexOf(';'), line.lastIndexOf('\t'));
  const end = start + (separator === -1 ? line.length : separator);
  if (caret > end) return undefined;
  const prefix = text.slice(start, end).trim();
  if (!prefix || prefix.includes('—') || prefix.length > LOOKUP_PREFIX_MAX) return undefined;
  return { start, end, lineEnd: start + line.length, prefix, hasQuantity: separator !== -1 };
}

/**
 * The text with the product part replaced by `product` (a pick of the typeahead), and where the
 * caret goes: to the end of the line when it has a quantity, else after an added ", " for one.
 */
export function withProductAt(
  text: string,
  part: ProductPart,
  product: string,
): { text: string; caret: number } {
  const rest = part.hasQuantity ? text.slice(part.end, part.lineEnd) : ', ';
  const line = `${productText(product)}${rest}`;
  return {
    text: `${text.slice(0, part.start)}${line}${text.slice(part.lineEnd)}`,
    caret: part.start + line.length,
  };
}
