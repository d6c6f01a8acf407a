// The shop writes numbers the en-US way, by hand rather than with Intl: a page's first Intl
// formatter loads the locale data, about 45 ms of one task at Lighthouse's 4x slowed CPU, paid by
// the home page's tool grid for its prices and counts (home page performance). Counts are whole
// numbers far below 2^53 (validation bounds them); amounts are whole dollars, or dollars and cents
// where a company price list discounts them.

/** Digits in groups of three, rounded to a whole number as Intl does (half away from zero). */
function grouped(value: number): string {
  const whole = Math.round(Math.abs(value));
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

const sign = (value: number) => (value < 0 ? '-' : '');

/**
 * Dollars: whole ones as Intl's en-US USD with no fraction digits (1250 -> "$1,250"), with cents
 * as it writes two (13.5 -> "$13.50").
 */
export function formatDollars(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  if (cents % 100 === 0) return `${sign(amount)}$${grouped(amount)}`;
  const fraction = String(cents % 100).padStart(2, '0');
  return `${sign(amount)}$${grouped(Math.floor(cents / 100))}.${fraction}`;
}

/** A count with thousands separators, e.g. 1200 -> "1,200" (as `toLocaleString('en-US')`). */
export function formatCount(count: number): string {
  return `${sign(count)}${grouped(count)}`;
}

/** A number of units: "1 unit", "1,200 units". */
export function formatUnits(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'unit' : 'units'}`;
}
