import type { BuyingTerms } from './buying';
import { PRICE_MAX } from './constants';

/**
 * Company price lists: an admin gives a company a discount on every tool and/or fixed prices for
 * some tools. A member pays the lowest of the list price, the quantity tier and the company price.
 * Company prices may hold cents (a discount of a whole-dollar price), so amounts here are dollars
 * rounded to cents, computed in whole cents.
 */
export const DISCOUNT_PERCENT_MAX = 90;
/** Fixed prices one company may have. */
export const COMPANY_PRICES_MAX = 5000;
/** GET /admin/companies?q=: the longest name search. */
export const COMPANY_SEARCH_MAX_LENGTH = 100;

export const CompanyPriceMessages = {
  discountInvalid: `A discount is a percentage from 0 to ${DISCOUNT_PERCENT_MAX}, with at most one decimal`,
  pricesNotList: 'Prices must be a list of { product, unitPrice }',
  tooManyPrices: 'At most 5,000 fixed prices per company',
  productInvalid: (index: number) => `Price ${index + 1}: give the product's id`,
  unitPrice: 'A unit price is dollars from 0 to 1,000,000, with at most two decimals',
  unitPriceInvalid: (index: number) =>
    `Price ${index + 1}: a unit price is dollars from 0 to 1,000,000, with at most two decimals`,
  productTwice: (product: string) => `The product ${product} has two fixed prices`,
  unknownProducts: (products: readonly string[]) =>
    `No product with the id ${products.slice(0, 5).join(', ')}${products.length > 5 ? ` and ${products.length - 5} more` : ''}`,
  saved: 'Price list saved',
  yourPrice: 'Your company price',
  /** A quick-order line priced by the company's list. */
  companyPrice: 'Company price',
} as const;

/** What a member's price reads of the company's list for one tool. */
export interface CompanyPriceTerms {
  /** Off every tool without a fixed price, 0–90, at most one decimal. */
  discountPercent?: number;
  /** This tool's fixed unit price, dollars (cents allowed). */
  fixedPrice?: number;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The company's price of a tool listed at `listPrice`: its fixed price, else the discounted list price; undefined without either. */
export function companyUnitPrice(
  listPrice: number,
  company: CompanyPriceTerms | undefined,
): number | undefined {
  if (company?.fixedPrice !== undefined) return toCents(company.fixedPrice) / 100;
  if (!company?.discountPercent) return undefined;
  // In tenths of a percent and whole cents: exact integers, rounded once (half up).
  const keep = 1000 - Math.round(company.discountPercent * 10);
  return Math.floor((toCents(listPrice) * keep + 500) / 1000) / 100;
}

/**
 * THE unit price of `quantity` units: the lowest of the list price, the quantity tier reached and
 * the company's price (for a member of a company with a price list), in dollars rounded to cents.
 */
export function memberUnitPrice(
  terms: Pick<BuyingTerms, 'price' | 'priceTiers'>,
  quantity: number,
  company?: CompanyPriceTerms,
): number {
  let price = terms.price;
  for (const tier of terms.priceTiers ?? []) if (quantity >= tier.minQuantity) price = tier.price;
  const own = companyUnitPrice(terms.price, company);
  return toCents(own === undefined ? price : Math.min(price, own)) / 100;
}

/** quantity × unit price, rounded to cents (13.3 × 3 is 39.9, not 39.900000000000006). */
export const lineTotal = (quantity: number, unitPrice: number) =>
  Math.round(quantity * toCents(unitPrice)) / 100;

/** Sum of amounts in dollars, rounded to cents. */
export const sumDollars = (amounts: readonly number[]) =>
  amounts.reduce((sum, amount) => sum + toCents(amount), 0) / 100;

/** PUT /admin/companies/{id}/prices. */
export interface CompanyPriceListInput {
  /** Absent or null: no discount. */
  discountPercent?: number | null;
  prices: Array<{ product: string; unitPrice: number }>;
}

/** GET /admin/companies/{id}/prices: the list with each product's name as it is now. */
export interface CompanyPriceList {
  companyId: string;
  discountPercent?: number;
  prices: Array<{
    product: string;
    unitPrice: number;
    name?: string;
    sku?: string;
    listPrice?: number;
  }>;
  /** ISO date; absent when no list was ever saved. */
  updatedAt?: string;
}

/** GET /admin/companies: one company of the list. */
export interface CompanySummary {
  _id: string;
  name: string;
  members: number;
  discountPercent?: number;
  fixedPrices: number;
}

/** GET /tools/{id}/price: what the signed-in caller pays for this tool. */
export interface MemberPrice {
  toolId: string;
  /** The list price, dollars. */
  listPrice: number;
  /** The caller's company, when it has prices for this tool (absent: the normal price applies). */
  company?: { name: string } & CompanyPriceTerms;
  /** The company's unit price before quantity tiers (memberUnitPrice applies the tiers). */
  companyPrice?: number;
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** 0–90, whole or one decimal; absent or null is no discount. */
export function discountPercentError(discount: unknown): string | undefined {
  if (discount === undefined || discount === null) return undefined;
  if (!isNumber(discount) || discount < 0 || discount > DISCOUNT_PERCENT_MAX)
    return CompanyPriceMessages.discountInvalid;
  return Math.abs(discount * 10 - Math.round(discount * 10)) < 1e-9
    ? undefined
    : CompanyPriceMessages.discountInvalid;
}

/** Dollars 0–PRICE_MAX with at most two decimals. */
export function isUnitPrice(price: unknown): price is number {
  return (
    isNumber(price) &&
    price >= 0 &&
    price <= PRICE_MAX &&
    Math.abs(price * 100 - Math.round(price * 100)) < 1e-6
  );
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The fixed prices' first problem (shape, bounds, a product twice), or undefined. */
export function companyPricesError(prices: unknown): string | undefined {
  if (!Array.isArray(prices)) return CompanyPriceMessages.pricesNotList;
  if (prices.length > COMPANY_PRICES_MAX) return CompanyPriceMessages.tooManyPrices;
  const seen = new Set<string>();
  for (const [index, entry] of (prices as unknown[]).entries()) {
    if (typeof entry !== 'object' || entry === null) return CompanyPriceMessages.pricesNotList;
    const { product, unitPrice } = entry as Record<string, unknown>;
    if (typeof product !== 'string' || !OBJECT_ID.test(product))
      return CompanyPriceMessages.productInvalid(index);
    if (!isUnitPrice(unitPrice)) return CompanyPriceMessages.unitPriceInvalid(index);
    const key = product.toLowerCase();
    if (seen.has(key)) return CompanyPriceMessages.productTwice(product);
    seen.add(key);
  }
  return undefined;
}
