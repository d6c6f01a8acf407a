/** What every order number starts with: `TS-100234`. */
export const ORDER_NUMBER_PREFIX = 'TS-';
/** The first order number is one above this, so every number has at least six digits. */
export const ORDER_NUMBER_BASE = 100_000;

/** The order number of the `sequence`-th order (1-based): `TS-100001`, `TS-100002`... */
export function formatOrderNumber(sequence: number): string {
  return `${ORDER_NUMBER_PREFIX}${ORDER_NUMBER_BASE + sequence}`;
}

const ORDER_NUMBER_QUERY = /^(?:TS[-\s]?)?(\d{6,12})$/i;

/**
 * A search that names an order number, with or without its prefix (`TS-100234`, `ts100234`,
 * `100234`), as the stored number; undefined for any other text. Bare digits count only from six
 * digits on (every number has them), so a house number still searches the addresses.
 */
export function orderNumberIn(search: string): string | undefined {
  const digits = ORDER_NUMBER_QUERY.exec(search.trim())?.[1];
  return digits ? `${ORDER_NUMBER_PREFIX}${digits.replace(/^0+(?=\d)/, '')}` : undefined;
}
