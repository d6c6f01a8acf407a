/**
 * A product's pack size (1 when it has none). Its own module so that a page showing products (the
 * home page's cards) does not bundle the buying rules and their messages.
 */
export const packSizeOf = (terms: { packSize?: number }): number => terms.packSize ?? 1;
