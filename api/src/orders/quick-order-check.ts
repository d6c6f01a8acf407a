import {
  BuyingMessages,
  lineQuantityMessage,
  normalizeSku,
  packSizeOf,
  SKU_PATTERN,
  QUANTITY_MAX,
  quantityIssue,
  lineTotal,
  memberUnitPrice,
  type BuyingTerms,
  type CompanyPriceTerms,
  type CheckedOrderLine,
  type OrderLineInput,
  type QuantityIssue,
  type QuickOrderCheck,
  sumDollars,
  unitPriceFor,
} from '@toolshop/contracts';

/** A product as the quick order reads it. */
export interface LineTool extends BuyingTerms {
  _id: unknown;
  name: string;
  sku?: string;
  img: string;
}

/** Why a line cannot be ordered: its product, its place in the list, or a quantity rule. */
export type LineIssue = 'unknownProduct' | 'listedTwice' | QuantityIssue;

export interface LineVerdict {
  line: CheckedOrderLine;
  issue?: LineIssue;
}

/**
 * Each line checked against the product `find` gives for it, in the order given: the product
 * exists, is not on an earlier line, and the quantity keeps its rules (quantityIssue, so the same
 * rules and words as the order form). A priced line carries its unit price from the tiers or
 * the buyer's company price list (`company`, by tool id).
 */
export function judgeLines(
  lines: readonly OrderLineInput[],
  find: (product: string) => LineTool | undefined,
  suggest: (product: string) => readonly LineTool[] = () => [],
  company: (toolId: string) => CompanyPriceTerms | undefined = () => undefined,
): LineVerdict[] {
  const seen = new Set<string>();
  return lines.map(({ product, quantity }) => {
    const tool = find(product.trim());
    if (!tool) {
      const suggestions = suggest(product.trim()).map((may) => ({
        toolId: String(may._id),
        name: may.name,
        ...(may.sku && { sku: may.sku }),
      }));
      return {
        line: {
          product,
          quantity,
          problem: BuyingMessages.unknownProduct(product.trim()),
          ...(suggestions.length > 0 && { suggestions }),
        },
        issue: 'unknownProduct',
      };
    }
    const toolId = String(tool._id);
    const twice = seen.has(toolId);
    seen.add(toolId);
    const quantityProblem = quantityIssue(quantity, tool);
    const issue: LineIssue | undefined = twice ? 'listedTwice' : quantityProblem;
    const problem = twice
      ? BuyingMessages.listedTwice
      : quantityProblem && lineQuantityMessage(quantityProblem, tool);
    const priceable = Number.isInteger(quantity) && quantity > 0 && quantity <= QUANTITY_MAX;
    const unitPrice = memberUnitPrice(tool, quantity, company(toolId));
    const line: CheckedOrderLine = {
      product,
      quantity,
      toolId,
      name: tool.name,
      ...(tool.sku && { sku: tool.sku }),
      img: tool.img,
      packSize: packSizeOf(tool),
      minOrder: tool.minOrder,
      available: tool.available,
      ...(priceable && { unitPrice, lineTotal: lineTotal(quantity, unitPrice) }),
      ...(priceable && unitPrice < unitPriceFor(tool, quantity) && { companyPrice: true as const }),
      ...(problem && { problem }),
    };
    return { line, ...(issue && { issue }) };
  });
}

/** POST /quickOrders/check's answer: the lines, the total of those that can be ordered, and whether all can. */
export function checkedOrder(verdicts: readonly LineVerdict[]): QuickOrderCheck {
  const lines = verdicts.map((verdict) => verdict.line);
  return {
    lines,
    total: sumDollars(lines.map((line) => (line.problem ? 0 : (line.lineTotal ?? 0)))),
    orderable: lines.length > 0 && lines.every((line) => !line.problem),
  };
}

/**
 * What a quick-order line's product may be: a SKU (the whole text, or the part before the dash of
 * "SKU — name", the form Order again, Order this list and the typeahead write), and the name (the
 * part after that dash, or the whole text).
 */
export function productParts(product: string): { sku?: string; name: string } {
  const text = product.trim();
  const dash = text.indexOf('—');
  const head = normalizeSku(dash >= 0 ? text.slice(0, dash) : text);
  const name = dash >= 0 ? text.slice(dash + 1).trim() : text;
  return { ...(SKU_PATTERN.test(head) && { sku: head }), name: name || text };
}

/** Lower case, runs of spaces as one, no spaces at the ends. */
export function normalName(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Edits (insert, delete, replace) from a to b. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}

const SUGGESTIONS_MAX = 5;

export interface ProductMatch<T> {
  tool?: T;
  suggestions: T[];
}

/**
 * Forgiving match of a quick-order line's product among candidates: an id or the full name (any
 * case and spacing) first; else the one product whose name starts with it; else the one within a
 * small typo of its name or a prefix of it. Several candidates are never picked silently: they come
 * back as suggestions ("did you mean").
 */
export function matchProduct<T extends { _id: unknown; name: string }>(
  product: string,
  candidates: readonly T[],
): ProductMatch<T> {
  const wanted = normalName(product);
  if (!wanted) return { suggestions: [] };
  const exact = candidates.find(
    (tool) => String(tool._id).toLowerCase() === wanted || normalName(tool.name) === wanted,
  );
  if (exact) return { tool: exact, suggestions: [] };
  const decide = (found: T[]): ProductMatch<T> | undefined => {
    if (found.length === 1) return { tool: found[0], suggestions: [] };
    if (found.length > 1) return { suggestions: found.slice(0, SUGGESTIONS_MAX) };
    return undefined;
  };
  const prefixed = decide(candidates.filter((tool) => normalName(tool.name).startsWith(wanted)));
  if (prefixed) return prefixed;
  const allowed = wanted.length >= 8 ? 2 : wanted.length >= 4 ? 1 : 0;
  if (allowed === 0) return { suggestions: [] };
  const near = candidates.filter((tool) => {
    const name = normalName(tool.name);
    return (
      editDistance(wanted, name) <= allowed ||
      editDistance(wanted, name.slice(0, wanted.length)) <= allowed
    );
  });
  return decide(near) ?? { suggestions: [] };
}
