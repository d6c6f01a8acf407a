// What opens Quick Order prefilled (Order again on a multi-line order): its lines, address and
// phone, passed in the history entry's state (never in the URL), read defensively.
import { ORDER_LINES_MAX, type OrderLineInput } from '@toolshop/contracts';

export const QUICK_ORDER_PATH = '/dashboard/quickOrder';

export interface QuickOrderPrefill {
  /** By product id: the check finds the product however it was renamed. */
  lines: OrderLineInput[];
  address?: string;
  phone?: string;
}

export function quickOrderState(prefill: QuickOrderPrefill) {
  return { quickOrder: prefill };
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The well-formed lines of a history entry's list (a product text and a whole quantity), at most ORDER_LINES_MAX. */
export function orderLinesIn(lines: readonly unknown[]): OrderLineInput[] {
  return lines
    .slice(0, ORDER_LINES_MAX)
    .filter(
      (line): line is OrderLineInput =>
        typeof (line as OrderLineInput | null)?.product === 'string' &&
        (line as OrderLineInput).product.trim() !== '' &&
        Number.isInteger((line as OrderLineInput).quantity),
    )
    .map(({ product, quantity }) => ({ product, quantity }));
}

/** The prefill in a history entry's state, or undefined when there is none (or it is not ours). */
export function readQuickOrderState(state: unknown): QuickOrderPrefill | undefined {
  const prefill = (state as { quickOrder?: unknown } | null)?.quickOrder as
    Partial<Record<keyof QuickOrderPrefill, unknown>> | undefined;
  if (!prefill || !Array.isArray(prefill.lines)) return undefined;
  const lines = orderLinesIn(prefill.lines);
  if (lines.length === 0) return undefined;
  return { lines, address: text(prefill.address), phone: text(prefill.phone) };
}

/** Lines as the customer would type them: `product, quantity` one a line (what parseOrderLines reads). */
export const linesText = (lines: readonly OrderLineInput[]) =>
  lines.map(({ product, quantity }) => `${product}, ${quantity}`).join('\n');
