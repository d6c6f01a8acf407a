import {
  BuyingMessages,
  lineQuantityMessage,
  packSizeOf,
  QUANTITY_MAX,
  quantityIssue,
  unitPriceFor,
  type BuyingTerms,
  type CheckedOrderLine,
  type OrderLineInput,
  type QuantityIssue,
  type QuickOrderCheck,
} from '@toolshop/contracts';

/** A product as the quick order reads it. */
export interface LineTool extends BuyingTerms {
  _id: unknown;
  name: string;
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
 * rules and words as the order form). A priced line carries its unit price from the tiers.
 */
export function judgeLines(
  lines: readonly OrderLineInput[],
  find: (product: string) => LineTool | undefined,
): LineVerdict[] {
  const seen = new Set<string>();
  return lines.map(({ product, quantity }) => {
    const tool = find(product.trim());
    if (!tool)
      return {
        line: { product, quantity, problem: BuyingMessages.unknownProduct(product.trim()) },
        issue: 'unknownProduct',
      };
    const toolId = String(tool._id);
    const twice = seen.has(toolId);
    seen.add(toolId);
    const quantityProblem = quantityIssue(quantity, tool);
    const issue: LineIssue | undefined = twice ? 'listedTwice' : quantityProblem;
    const problem = twice
      ? BuyingMessages.listedTwice
      : quantityProblem && lineQuantityMessage(quantityProblem, tool);
    const priceable = Number.isInteger(quantity) && quantity > 0 && quantity <= QUANTITY_MAX;
    const unitPrice = unitPriceFor(tool, quantity);
    const line: CheckedOrderLine = {
      product,
      quantity,
      toolId,
      name: tool.name,
      img: tool.img,
      packSize: packSizeOf(tool),
      minOrder: tool.minOrder,
      available: tool.available,
      ...(priceable && { unitPrice, lineTotal: unitPrice * quantity }),
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
    total: lines.reduce((sum, line) => sum + (line.problem ? 0 : (line.lineTotal ?? 0)), 0),
    orderable: lines.length > 0 && lines.every((line) => !line.problem),
  };
}
