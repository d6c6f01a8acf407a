import {
  CatalogMessages,
  isToolCategory,
  Messages,
  RuleMessages,
  validateNewTool,
  type FieldErrors,
  type NewTool,
} from '@toolshop/contracts';

export type ToolFormValues = Record<Exclude<keyof NewTool, 'packSize' | 'priceTiers'>, string>;

export const EMPTY_TOOL_FORM: ToolFormValues = {
  name: '',
  img: '',
  shortDescription: '',
  minOrder: '',
  available: '',
  price: '',
  category: '',
  lowStockThreshold: '',
};

/** Blank stays undefined (so "required" is reported); anything else becomes a number, checked by validateNewTool. */
const toNumber = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text);

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
  };
  // The API's rules too (image link, minimum order within the stock), so they show at the field.
  const errors = validateNewTool(candidate);
  // Products saved before categories have none; every new one gets one.
  if (!isToolCategory(candidate.category)) errors.category = CatalogMessages.categoryRequired;
  if (Object.keys(errors).length > 0) return { errors };
  const { lowStockThreshold, ...tool } = candidate;
  // Blank threshold: not sent (the default, 2 x minimum order, applies).
  return { tool: (lowStockThreshold === undefined ? tool : candidate) as NewTool };
}

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
    const field = Object.hasOwn(FIELD_OF_MESSAGE, part) ? FIELD_OF_MESSAGE[part] : undefined;
    if (field && !errors[field]) errors[field] = part;
    else if (!field) rest.push(part);
  }
  return { errors, rest };
}
