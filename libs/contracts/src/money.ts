const dollars = /* @__PURE__ */ new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Whole dollars, e.g. 1250 -> "$1,250". */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}
