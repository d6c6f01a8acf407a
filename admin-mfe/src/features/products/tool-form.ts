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
  // The API's rules too (image link, minimum order within the stock), so they show at the field.
  const errors = validateNewTool(candidate);
  if (Object.keys(errors).length > 0) return { errors };
  return { tool: candidate as NewTool };
}
