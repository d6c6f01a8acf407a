import { validateNewTool, type FieldErrors, type NewTool } from '@toolshop/contracts';

export type ToolFormValues = Record<keyof NewTool, string>;

export const EMPTY_TOOL_FORM: ToolFormValues = {
  name: '',
  img: '',
  shortDescription: '',
  minOrder: '',
  available: '',
  price: '',
};

// Rules the API adds to validateNewTool, checked here too so the admin sees them at the field.
export const MIN_ORDER_ABOVE_STOCK = 'The minimum order cannot be larger than the available stock';
export const IMAGE_LINK_INVALID = 'The image link must be an http(s) URL';
const IMAGE_LINK = /^(https?:\/\/\S+|\/\S*)$/i;

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
  };
  const errors = validateNewTool(candidate);
  if (!errors.img && !IMAGE_LINK.test(candidate.img)) errors.img = IMAGE_LINK_INVALID;
  if (!errors.minOrder && !errors.available && candidate.minOrder! > candidate.available!) {
    errors.available = MIN_ORDER_ABOVE_STOCK;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { tool: candidate as NewTool };
}
