import { PRICE_MAX, QUANTITY_MAX } from './constants';
import { formatCount, formatDollars } from './money';
import { packSizeOf } from './pack-size';

/**
 * Buying by the box: pack sizes, quantity price tiers, quick orders of many lines and
 * saved lists. One source for the API's checks and the forms' courtesy checks.
 */

/** From `minQuantity` units on, each unit costs `price` whole dollars. */
export interface PriceTier {
  minQuantity: number;
  price: number;
}

/** What the quantity and price rules read of a product. */
export interface BuyingTerms {
  minOrder: number;
  available: number;
  /** Whole dollars below the first tier. */
  price: number;
  /** Sold in multiples of this; absent means 1. */
  packSize?: number;
  /** Breaks after the base price, ascending; absent or empty means one price for every quantity. */
  priceTiers?: PriceTier[];
}

export const PACK_SIZE_MAX = 10_000;
export const PRICE_TIERS_MAX = 10;
/** Lines of one quick order, and of one saved list. */
export const ORDER_LINES_MAX = 100;
/** Saved lists one customer may keep. */
export const SAVED_LISTS_MAX = 50;
export const LIST_NAME_MAX_LENGTH = 60;
/** A pasted quick order or uploaded CSV: longer texts are refused before they are read. */
export const ORDER_LINES_TEXT_MAX_LENGTH = 20_000;
/** The longest product text (a name or an id) of one quick-order line. */
export const LINE_PRODUCT_MAX_LENGTH = 200;

export const BuyingMessages = {
  /** From the first quantity the minimum allows ("order 5, 10, 15…" at minimum 10). */
  packMultiple: (pack: number, minOrder = pack) => {
    const first = Math.max(pack, Math.ceil(minOrder / pack) * pack);
    return `Sold in packs of ${pack}: order ${first}, ${first + pack}, ${first + 2 * pack}…`;
  },
  // Literal figures, no call at load: a module without one is dropped from bundles that use none of it.
  packSize: 'The pack size must be a whole number from 1 to 10,000',
  minOrderInPacks: (pack: number) => `The minimum order must be a whole number of packs of ${pack}`,
  tooManyTiers: `At most ${PRICE_TIERS_MAX} price tiers`,
  tierQuantity: 'Each price tier starts at a whole quantity above 1 and above the tier before it',
  tierPrice: 'Each price tier costs whole dollars, no more than the price or tier before it',
  belowMinimum: (minOrder: number) => `Below the minimum order of ${minOrder}`,
  notEnoughStock: (available: number) =>
    available > 0 ? `Only ${available} in stock` : 'Out of stock',
  unknownProduct: (product: string) => `No product called "${product}"`,
  lineFormat: 'Write each line as: product name or id, quantity',
  wholeQuantity: 'The quantity must be a whole number above 0',
  tooManyLines: `At most ${ORDER_LINES_MAX} lines at a time`,
  noLines: 'Add at least one line: product name or id, quantity',
  textTooLong: 'At most 20,000 characters at a time',
  listNameRequired: 'Give the list a name',
  listNameTooLong: `A list name has at most ${LIST_NAME_MAX_LENGTH} characters`,
  listNameTaken: 'You already have a list with this name',
  tooManyLists: `At most ${SAVED_LISTS_MAX} saved lists; delete one first`,
  listNotFound: 'This list does not exist (any more)',
  /** A quick order that cannot be placed as it is: the lines say why. */
  linesInvalid: 'Some lines cannot be ordered as they are; correct or remove them first',
  /** A quick order names one product on two lines (the later line gets this). */
  listedTwice: 'Listed twice: merge the lines',
  /** One line's problem in POST /quickOrders' refusal: 'Line 3 (Saw blade): Sold in packs of 5…'. */
  lineProblem: (lineNumber: number, product: string, problem: string) =>
    `Line ${lineNumber} (${product}): ${problem}`,
  /** Stock went while the customer looked: nothing was ordered. */
  stockChanged: 'The stock changed meanwhile, so nothing was ordered: check the lines again',
} as const;

export { packSizeOf };

/** The unit price for `quantity` units: the last tier it reaches, else the base price. */
export function unitPriceFor(
  terms: Pick<BuyingTerms, 'price' | 'priceTiers'>,
  quantity: number,
): number {
  let price = terms.price;
  for (const tier of terms.priceTiers ?? []) if (quantity >= tier.minQuantity) price = tier.price;
  return price;
}

/** The tier table as rows a page shows: "1–49", "50–199", "200+" with their unit prices. */
export function tierRows(terms: Pick<BuyingTerms, 'price' | 'priceTiers' | 'minOrder'>) {
  const tiers = terms.priceTiers ?? [];
  const rows = [{ minQuantity: Math.max(1, terms.minOrder), price: terms.price }, ...tiers];
  return rows.map(({ minQuantity: from, price }, i) => {
    const next = rows[i + 1]?.minQuantity;
    return {
      from,
      to: next === undefined ? undefined : next - 1,
      label: next === undefined ? `${from}+` : `${from}–${next - 1}`,
      price,
      priceLabel: formatDollars(price),
    };
  });
}

/**
 * The valid quantities nearest `quantity` (whole packs, at least the minimum, at most the stock):
 * the largest below it and the smallest above it, each only if there is one.
 */
export function nearestValidQuantities(
  quantity: number,
  terms: Pick<BuyingTerms, 'minOrder' | 'available' | 'packSize'>,
): { below?: number; above?: number } {
  const pack = packSizeOf(terms);
  const first = Math.max(pack, Math.ceil(terms.minOrder / pack) * pack);
  const last = Math.floor(Math.min(terms.available, QUANTITY_MAX) / pack) * pack;
  const down = Math.min(last, Math.floor(quantity / pack) * pack);
  const up = Math.max(first, Math.ceil(quantity / pack) * pack);
  return {
    ...(down >= first && down < quantity && { below: down }),
    ...(up <= last && up > quantity && { above: up }),
  };
}

export type QuantityIssue =
  'notWhole' | 'tooLarge' | 'belowMinimum' | 'packMultiple' | 'aboveStock';

/** The first quantity rule `quantity` breaks for this product, or undefined. */
export function quantityIssue(
  quantity: unknown,
  terms: Pick<BuyingTerms, 'minOrder' | 'available' | 'packSize'>,
): QuantityIssue | undefined {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0)
    return 'notWhole';
  if (quantity > QUANTITY_MAX) return 'tooLarge';
  if (quantity < terms.minOrder) return 'belowMinimum';
  if (quantity % packSizeOf(terms) !== 0) return 'packMultiple';
  if (quantity > terms.available) return 'aboveStock';
  return undefined;
}

/** A quick-order line's message for a quantity issue (the order form keeps the spec's one text). */
export function lineQuantityMessage(
  issue: QuantityIssue,
  terms: Pick<BuyingTerms, 'minOrder' | 'available' | 'packSize'>,
): string {
  switch (issue) {
    case 'notWhole':
      return BuyingMessages.wholeQuantity;
    case 'tooLarge':
      return `At most ${formatCount(QUANTITY_MAX)} at a time`;
    case 'belowMinimum':
      return BuyingMessages.belowMinimum(terms.minOrder);
    case 'packMultiple':
      return BuyingMessages.packMultiple(packSizeOf(terms), terms.minOrder);
    case 'aboveStock':
      return BuyingMessages.notEnoughStock(terms.available);
  }
}

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The pack size's problem, or undefined (absent is 1). */
export function packSizeError(packSize: unknown, minOrder?: unknown): string | undefined {
  if (packSize === undefined) return undefined;
  if (!isWhole(packSize, 1, PACK_SIZE_MAX)) return BuyingMessages.packSize;
  if (typeof minOrder === 'number' && Number.isInteger(minOrder) && minOrder % packSize !== 0)
    return BuyingMessages.minOrderInPacks(packSize);
  return undefined;
}

/**
 * The tiers' problem, or undefined: at most PRICE_TIERS_MAX, each starting above 1 and above the
 * one before (ascending; a tier runs until the next starts, so there are no gaps), each priced in
 * whole dollars no higher than the base price or the tier before (prices never increase).
 */
export function priceTiersError(tiers: unknown, basePrice: unknown): string | undefined {
  if (tiers === undefined) return undefined;
  if (!Array.isArray(tiers)) return BuyingMessages.tierQuantity;
  if (tiers.length > PRICE_TIERS_MAX) return BuyingMessages.tooManyTiers;
  let lastStart = 1;
  let lastPrice = typeof basePrice === 'number' ? basePrice : PRICE_MAX;
  for (const tier of tiers as Array<Partial<PriceTier> | null>) {
    if (typeof tier !== 'object' || tier === null) return BuyingMessages.tierQuantity;
    if (!isWhole(tier.minQuantity, lastStart + 1, QUANTITY_MAX)) return BuyingMessages.tierQuantity;
    if (!isWhole(tier.price, 0, lastPrice)) return BuyingMessages.tierPrice;
    lastStart = tier.minQuantity;
    lastPrice = tier.price;
  }
  return undefined;
}

/** One line of a quick order as the customer wrote it. */
export interface OrderLineInput {
  /** A product's SKU or name (any case), "SKU — name", or its id. */
  product: string;
  quantity: number;
}

/** A line of the text that could not be read, by its line number (1-based). */
export interface UnreadableLine {
  lineNumber: number;
  text: string;
  problem: string;
}

export interface ParsedOrderLines {
  lines: Array<OrderLineInput & { lineNumber: number }>;
  unreadable: UnreadableLine[];
}

const splitQuoted = (row: string, separator: string): string[] => {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const char = row.charAt(i);
    if (quoted && char === '"' && row.charAt(i + 1) === '"') {
      field += '"';
      i++;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (!quoted && char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (!quoted && char === separator) {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields.map((value) => value.trim());
};

/**
 * Reads pasted lines or a CSV file: `product name or id, quantity` a line (comma, semicolon or tab;
 * quotes allowed; the quantity is the last field, so a name may hold commas). Blank lines and a
 * header line (`product,quantity`) are skipped. Linear in the text's length.
 */
export function parseOrderLines(text: string): ParsedOrderLines {
  const parsed: ParsedOrderLines = { lines: [], unreadable: [] };
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  rows.forEach((raw, index) => {
    const row = raw.trim();
    if (row === '') return;
    const separator = row.includes('\t') ? '\t' : /,/.test(row) ? ',' : ';';
    const fields = splitQuoted(row, separator);
    const lineNumber = index + 1;
    const quantityText = fields.length > 1 ? (fields[fields.length - 1] ?? '') : '';
    const product = fields
      .slice(0, -1)
      .join(`${separator === '\t' ? ' ' : separator} `)
      .trim();
    if (
      parsed.lines.length === 0 &&
      parsed.unreadable.length === 0 &&
      /quantity|qty/i.test(quantityText)
    )
      return;
    if (fields.length < 2 || product === '' || product.length > LINE_PRODUCT_MAX_LENGTH) {
      parsed.unreadable.push({
        lineNumber,
        text: row.slice(0, 120),
        problem: BuyingMessages.lineFormat,
      });
      return;
    }
    const quantity = /^\d{1,7}$/.test(quantityText) ? Number(quantityText) : NaN;
    if (!Number.isInteger(quantity) || quantity <= 0) {
      parsed.unreadable.push({
        lineNumber,
        text: row.slice(0, 120),
        problem: BuyingMessages.wholeQuantity,
      });
      return;
    }
    parsed.lines.push({ lineNumber, product, quantity });
  });
  return parsed;
}

/** POST /quickOrders/check answers each line so, in the order sent. */
export interface CheckedOrderLine {
  product: string;
  quantity: number;
  /** The product found, when one was. */
  toolId?: string;
  name?: string;
  sku?: string;
  img?: string;
  packSize?: number;
  minOrder?: number;
  available?: number;
  /** Dollars, from the tiers or the caller's company price list. */
  unitPrice?: number;
  lineTotal?: number;
  /** The unit price is the caller's company price (below the list and tier price). */
  companyPrice?: true;
  /** Why the line cannot be ordered as it is; absent when it can. */
  problem?: string;
  /** An unmatched line: the products it may mean ("did you mean"). */
  suggestions?: Array<{ toolId: string; name: string; sku?: string }>;
}

export interface QuickOrderCheck {
  lines: CheckedOrderLine[];
  /** Whole dollars: the sum of the orderable lines. */
  total: number;
  /** Every line can be ordered as it is. */
  orderable: boolean;
}

/** POST /quickOrders: the checked lines by product id, and where to ship them. */
export interface NewQuickOrder {
  lines: Array<{ toolId: string; quantity: number }>;
  address: string;
  phone: string;
  userName?: string;
  /** The buyer's purchase order number (optional; purchase-order.ts). */
  purchaseOrder?: string;
}

/** A line of a multi-line order (an order placed by quick order or from a saved list). */
export interface OrderLine {
  toolId: string;
  name: string;
  /** The product's SKU when ordered (orders from before SKUs have none). */
  sku?: string;
  img: string;
  orderQuantity: number;
  /** Whole dollars, from the tiers at the time of the order. */
  unitPrice: number;
  /** orderQuantity × unitPrice. */
  totalPrice: number;
}

export interface SavedListLine {
  toolId: string;
  /** The product's name when the line was saved (shown if the product is gone). */
  name: string;
  /** Its SKU when the line was saved (lists saved before SKUs have none). */
  sku?: string;
  quantity: number;
}

export interface SavedList {
  _id: string;
  name: string;
  lines: SavedListLine[];
  /** ISO date. */
  updatedAt?: string;
  /** Shown to the other members of the owner's company (read only for them). */
  shared?: boolean;
  /** Set on a colleague's shared list: whose it is (only they change it). */
  owner?: string;
}

/** POST /savedLists and PUT /savedLists/{id}. */
export interface SavedListInput {
  name: string;
  lines: Array<{ toolId: string; quantity: number }>;
  /** Share with the company's other members; absent on PUT keeps it as it was. */
  shared?: boolean;
}

/** The list name's problem, or undefined. */
export function listNameError(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') return BuyingMessages.listNameRequired;
  if (name.trim().length > LIST_NAME_MAX_LENGTH) return BuyingMessages.listNameTooLong;
  return undefined;
}
