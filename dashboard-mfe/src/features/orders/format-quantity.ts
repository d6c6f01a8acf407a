const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole units with the same grouping as the money, e.g. 1200 -> "1,200". */
export const formatQuantity = (value: number) => quantity.format(value);
