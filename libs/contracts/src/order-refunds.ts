/**
 * Refunds of an order's units, whole or in part: which units are still paid for, what a refund of
 * some of them gives back. The API decides with these; both remotes show the same figures.
 */

/** Some units of one of the order's products (a single-tool order has one line: its tool). */
export interface RefundLine {
  toolId: string;
  quantity: number;
}

/** A refund as an order answers it: whole dollars given back for these units. */
export interface OrderRefund {
  amount: number;
  lines: RefundLine[];
  reason?: string;
  /** pending until the payment provider confirmed it. */
  status: 'pending' | 'succeeded';
  /** ISO date-time. */
  at: string;
  /** The payment provider's refund id. */
  id?: string;
  creditNoteNumber?: number;
}

/** What the refund arithmetic reads of an order. */
export interface RefundableOrder {
  toolId: unknown;
  name: string;
  orderQuantity: number;
  totalPrice: number;
  lines?: ReadonlyArray<{
    toolId: unknown;
    name: string;
    orderQuantity: number;
    totalPrice: number;
  }>;
  refunds?: ReadonlyArray<{ amount: number; lines: readonly RefundLine[] }>;
}

/** One product of an order with the units not refunded yet (pending refunds count as refunded). */
export interface UnitsLeft {
  toolId: string;
  name: string;
  ordered: number;
  left: number;
  /** Whole dollars the line cost (its units × unit price). */
  totalPrice: number;
}

/** The order's products, each with the units still paid for. */
export function unitsLeft(order: RefundableOrder): UnitsLeft[] {
  const lines = order.lines?.length
    ? order.lines
    : [
        {
          toolId: order.toolId,
          name: order.name,
          orderQuantity: order.orderQuantity,
          totalPrice: order.totalPrice,
        },
      ];
  const refunded = new Map<string, number>();
  for (const refund of order.refunds ?? [])
    for (const line of refund.lines)
      refunded.set(line.toolId, (refunded.get(line.toolId) ?? 0) + line.quantity);
  return lines.map((line) => {
    const toolId = String(line.toolId);
    return {
      toolId,
      name: line.name,
      ordered: line.orderQuantity,
      left: Math.max(0, line.orderQuantity - (refunded.get(toolId) ?? 0)),
      totalPrice: line.totalPrice,
    };
  });
}

/** Whole dollars refunded so far (pending refunds included). */
export function refundedAmount(order: Pick<RefundableOrder, 'refunds'>): number {
  return (order.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0);
}

/**
 * Whole dollars a refund of `lines` gives back: each line's share of what it cost, and for the
 * last units of the order exactly what is left of its total (so the refunds add up to it).
 */
export function refundAmountOf(order: RefundableOrder, lines: readonly RefundLine[]): number {
  const left = unitsLeft(order);
  const unitsAfter = left.reduce((sum, line) => sum + line.left, 0) - sum(lines);
  if (unitsAfter <= 0) return order.totalPrice - refundedAmount(order);
  return lines.reduce((total, line) => {
    const product = left.find((each) => each.toolId === line.toolId);
    if (!product) return total;
    return total + Math.round((product.totalPrice * line.quantity) / product.ordered);
  }, 0);
}

const sum = (lines: readonly RefundLine[]) =>
  lines.reduce((total, line) => total + line.quantity, 0);

/** Why `lines` cannot be refunded (or returned) from the order, or undefined when they can. */
export function refundLinesProblem(
  order: RefundableOrder,
  lines: readonly RefundLine[],
  done: 'refunded' | 'returned' = 'refunded',
): string | undefined {
  const left = unitsLeft(order);
  const seen = new Set<string>();
  for (const line of lines) {
    const product = left.find((each) => each.toolId === line.toolId);
    if (!product) return 'This order has no such product';
    if (seen.has(line.toolId)) return 'Name each product once';
    seen.add(line.toolId);
    if (line.quantity > product.left)
      return product.left === 0
        ? `${product.name} is already refunded`
        : `Only ${product.left} of ${product.name} can still be ${done}`;
  }
  return undefined;
}

/** Every unit still paid for: what a refund or return without lines covers. */
export function allUnitsLeft(order: RefundableOrder): RefundLine[] {
  return unitsLeft(order)
    .filter((line) => line.left > 0)
    .map(({ toolId, left }) => ({ toolId, quantity: left }));
}

/** Whether `lines` are all the units still paid for (the refund closes the order). */
export function coversAll(order: RefundableOrder, lines: readonly RefundLine[]): boolean {
  return sum(lines) >= sum(allUnitsLeft(order));
}

/** Some units of an order, named: what emails and pages print as "1 × Drill". */
export interface NamedUnits {
  name: string;
  quantity: number;
}

/** The units `lines` name, each with its product's name. */
export function namedUnits(
  order: {
    toolId?: unknown;
    name: string;
    lines?: ReadonlyArray<{ toolId: unknown; name: string }>;
  },
  lines: readonly RefundLine[],
): NamedUnits[] {
  const nameOf = (toolId: string) =>
    order.lines?.find((line) => String(line.toolId) === toolId)?.name ??
    (String(order.toolId) === toolId ? order.name : 'a product');
  return lines.map((line) => ({ name: nameOf(line.toolId), quantity: line.quantity }));
}

/** "1 × Drill, 2 × Saw". */
export const unitsText = (units: readonly NamedUnits[]): string =>
  units.map((unit) => `${unit.quantity} × ${unit.name}`).join(', ');
