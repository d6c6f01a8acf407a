// What opens the Quotes page's request form prefilled (Request a quote from Quick Order): the lines,
// passed in the history entry's state (never in the URL), read defensively.
import type { CheckedOrderLine, OrderLineInput } from '@toolshop/contracts';
import { orderLinesIn } from './quick-order-state';

export const QUOTES_PATH = '/dashboard/quotes';

/** The found lines as Quick Order reads them back: "SKU — name" or the name, and the quantity. */
export function quoteRequestState(lines: readonly CheckedOrderLine[]) {
  return {
    quoteRequest: lines.flatMap((line) =>
      line.toolId && line.name
        ? [
            {
              product: line.sku ? `${line.sku} — ${line.name}` : line.name,
              quantity: line.quantity,
            },
          ]
        : [],
    ),
  };
}

/** The lines in a history entry's state, or undefined when there are none (or they are not ours). */
export function readQuoteRequestState(state: unknown): OrderLineInput[] | undefined {
  const lines = (state as { quoteRequest?: unknown } | null)?.quoteRequest;
  if (!Array.isArray(lines)) return undefined;
  const valid = orderLinesIn(lines);
  return valid.length > 0 ? valid : undefined;
}
