import { BuyingMessages, priceTiersError, type PriceTier } from '@toolshop/contracts';

/** One price tier as typed: from which quantity, at what unit price. */
export interface TierRowValues {
  minQuantity: string;
  price: string;
}

export const EMPTY_TIER_ROW: TierRowValues = { minQuantity: '', price: '' };

/** Blank stays undefined (so "required" is reported); anything else becomes a number, checked by the shared rules. */
export const toNumber = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text);

/** The typed rows as tiers for the API (a blank field stays undefined, which the rules refuse). */
export const tiersOf = (rows: readonly TierRowValues[]) =>
  rows.map((row) => ({
    minQuantity: toNumber(row.minQuantity),
    price: toNumber(row.price),
  })) as PriceTier[];

/** A tier's problem at the field it is about. */
export interface TierError {
  row: number;
  field: keyof TierRowValues;
  message: string;
}

/**
 * Where the tiers break the shared rules (priceTiersError): the first row whose tiers up to it are
 * refused, at its price when the price is the problem, else at its quantity.
 */
export function tierErrorAt(
  rows: readonly TierRowValues[],
  basePrice: unknown,
): TierError | undefined {
  const tiers = tiersOf(rows);
  for (let row = 0; row < tiers.length; row++) {
    const message = priceTiersError(tiers.slice(0, row + 1), basePrice);
    if (message)
      return {
        row,
        field: message === BuyingMessages.tierPrice ? 'price' : 'minQuantity',
        message,
      };
  }
  return undefined;
}

/** The name of a tier row's control (what a failed submit focuses). */
export const tierFieldName = ({ row, field }: Pick<TierError, 'row' | 'field'>) =>
  `tier-${row}-${field}`;

/** Focuses the control of the first error of a product form: the tier row's field for the tiers' error. */
export function focusFirstInvalid(
  form: HTMLFormElement,
  errors: object,
  tier: TierError | undefined,
) {
  const first = Object.keys(errors)[0];
  const name = first === 'priceTiers' && tier ? tierFieldName(tier) : first;
  if (name) (form.elements.namedItem(name) as HTMLElement | null)?.focus();
}
