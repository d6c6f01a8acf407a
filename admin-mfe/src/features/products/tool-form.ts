import {
  BuyingMessages,
  CatalogMessages,
  Messages,
  normalizeSku,
  RuleMessages,
  SkuMessages,
  validateNewTool,
  type FieldErrors,
  type NewTool,
} from '@toolshop/contracts';
import {
  tierErrorAt,
  tiersOf,
  toNumber,
  type TierError,
  type TierRowValues,
} from './price-tier-rows';

export type ToolFormValues = Record<Exclude<keyof NewTool, 'priceTiers'>, string> & {
  tiers: TierRowValues[];
};

export const EMPTY_TOOL_FORM: ToolFormValues = {
  name: '',
  img: '',
  shortDescription: '',
  minOrder: '',
  available: '',
  price: '',
  category: '',
  lowStockThreshold: '',
  packSize: '',
  sku: '',
  tiers: [],
};

/** Reads the form into the body of POST /tools, or the spec's message for each field that is wrong. */
export function readToolForm(
  values: ToolFormValues,
):
  { tool: NewTool; errors?: undefined } | { tool?: undefined; errors: FieldErrors<keyof NewTool> } {
  const candidate = {
    name: values.name.trim(),
    img: values.img.trim(),
    shortDescription: values.shortDescription.trim(),
    minOrder: toNumber(values.minOrder),
    available: toNumber(values.available),
    price: toNumber(values.price),
    category: values.category || undefined,
    lowStockThreshold: toNumber(values.lowStockThreshold),
    packSize: toNumber(values.packSize),
    priceTiers: values.tiers.length > 0 ? tiersOf(values.tiers) : undefined,
    // Blank: the API generates one from the name.
    sku: values.sku.trim() ? normalizeSku(values.sku) : undefined,
  };
  // The API's rules too (image link, minimum order within the stock), so they show at the field.
  const errors = validateNewTool(candidate);
  if (Object.keys(errors).length > 0) return { errors };
  // Blank optional fields are not sent: the defaults apply (threshold 2 x minimum order, single units, one price).
  const tool = Object.fromEntries(
    Object.entries(candidate).filter(([, value]) => value !== undefined),
  );
  return { tool: tool as NewTool };
}

/** The tier row and field the form's tier message belongs to (the first row the shared rules refuse). */
export const toolFormTierError = (values: ToolFormValues): TierError | undefined =>
  tierErrorAt(values.tiers, toNumber(values.price));

/** The field each of the API's known refusals of POST /tools is about (the same words as the form's). */
const FIELD_OF_MESSAGE: Readonly<Record<string, keyof NewTool>> = {
  [Messages.toolNameRequired]: 'name',
  [Messages.toolImageRequired]: 'img',
  [RuleMessages.imageLinkInvalid]: 'img',
  [RuleMessages.imageHostNotAllowed]: 'img',
  [Messages.toolShortDescriptionRequired]: 'shortDescription',
  [Messages.toolMinOrderRequired]: 'minOrder',
  [Messages.toolAvailableRequired]: 'available',
  [RuleMessages.minOrderAboveStock]: 'available',
  [Messages.toolPriceRequired]: 'price',
  [RuleMessages.priceTooLarge]: 'price',
  [RuleMessages.priceWholeDollars]: 'price',
  [CatalogMessages.category]: 'category',
  [CatalogMessages.lowStockThreshold]: 'lowStockThreshold',
  [BuyingMessages.packSize]: 'packSize',
  [BuyingMessages.tierQuantity]: 'priceTiers',
  [BuyingMessages.tierPrice]: 'priceTiers',
  [BuyingMessages.tooManyTiers]: 'priceTiers',
  [SkuMessages.invalid]: 'sku',
};

/** The field of a known refusal; the pack's message names the pack size, so it is matched by its start. */
const fieldOfMessage = (message: string): keyof NewTool | undefined => {
  if (Object.hasOwn(FIELD_OF_MESSAGE, message)) return FIELD_OF_MESSAGE[message];
  const packs = BuyingMessages.minOrderInPacks(0).replace(/0$/, '');
  if (message.startsWith(SkuMessages.taken(''))) return 'sku';
  return message.startsWith(packs) ? 'packSize' : undefined;
};

/**
 * Splits the API's 400 message for POST /tools (one message, or several joined by "; ", or a list)
 * into the fields' messages and the rest, which is shown as it is.
 */
export function readToolRefusal(message: string | readonly string[]): {
  errors: FieldErrors<keyof NewTool>;
  rest: string[];
} {
  const parts = (typeof message === 'string' ? message.split('; ') : message)
    .map((part) => part.trim())
    .filter(Boolean);
  const errors: FieldErrors<keyof NewTool> = {};
  const rest: string[] = [];
  for (const part of parts) {
    const field = fieldOfMessage(part);
    if (field && !errors[field]) errors[field] = part;
    else if (!field) rest.push(part);
  }
  return { errors, rest };
}
