// Made on first use, not on import: a page's first Intl formatter loads the locale data, tens of ms
// of main thread on a slow phone, which belongs to the render that shows a price (issue 14); a
// bundle that never formats money keeps none of it.
let dollars: Intl.NumberFormat | undefined;

/** Whole dollars, e.g. 1250 -> "$1,250". */
export function formatDollars(amount: number): string {
  dollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  return dollars.format(amount);
}
