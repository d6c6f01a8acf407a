import {
  packSizeOf,
  validateNewTool,
  type FieldErrors,
  type NewTool,
  type Tool,
} from '@toolshop/contracts';
import {
  tierErrorAt,
  tiersOf,
  toNumber,
  type TierError,
  type TierRowValues,
} from './price-tier-rows';

/** What "Edit pack & prices" changes: the body of PATCH /tools/{id}. */
export type ToolTerms = Required<Pick<NewTool, 'price' | 'minOrder' | 'packSize' | 'priceTiers'>>;
export type ToolTermsErrors = FieldErrors<keyof ToolTerms>;

export interface ToolTermsValues {
  price: string;
  minOrder: string;
  packSize: string;
  tiers: TierRowValues[];
}

/** The dialog's fields, filled from the tool as it is. */
export const toolTermsValues = (tool: Tool): ToolTermsValues => ({
  price: String(tool.price),
  minOrder: String(tool.minOrder),
  packSize: String(packSizeOf(tool)),
  tiers: (tool.priceTiers ?? []).map((tier) => ({
    minQuantity: String(tier.minQuantity),
    price: String(tier.price),
  })),
});

/** Keeps the dialog's own fields of an error list (the API's or validateNewTool's). */
export function termsErrorsOf(errors: FieldErrors<keyof NewTool>): ToolTermsErrors {
  const found: ToolTermsErrors = {
    price: errors.price,
    // The minimum order must fit in the stock: reported at the stock, which the dialog does not show.
    minOrder: errors.minOrder ?? errors.available,
    packSize: errors.packSize,
    priceTiers: errors.priceTiers,
  };
  return Object.fromEntries(
    Object.entries(found).filter(([, message]) => message),
  ) as ToolTermsErrors;
}

/**
 * Reads the dialog into the PATCH body, checked with the add form's rules against the rest of the
 * stored tool (the stock). A blank pack size is single units (1); no tier rows remove the tiers ([]).
 */
export function readToolTerms(
  values: ToolTermsValues,
  tool: Tool,
): { terms: ToolTerms; errors?: undefined } | { terms?: undefined; errors: ToolTermsErrors } {
  const terms = {
    price: toNumber(values.price),
    minOrder: toNumber(values.minOrder),
    packSize: toNumber(values.packSize) ?? 1,
    priceTiers: tiersOf(values.tiers),
  };
  const errors = termsErrorsOf(validateNewTool({ ...tool, ...terms }));
  return Object.keys(errors).length > 0 ? { errors } : { terms: terms as ToolTerms };
}

export const toolTermsTierError = (values: ToolTermsValues): TierError | undefined =>
  tierErrorAt(values.tiers, toNumber(values.price));
