import type { ChangeEventHandler } from 'react';
import { TOOL_CATEGORIES, UNCATEGORISED } from '@toolshop/contracts';
import { SelectField } from '@toolshop/ui';

interface CategorySelectProps {
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  error?: string;
}

/**
 * The product's category, one of the fixed list; optional (SPEC.md's form has none): the blank
 * choice sends no category, and the product is listed as "Other" like every product without one.
 */
export function CategorySelect({ value, onChange, error }: CategorySelectProps) {
  return (
    <SelectField
      label="Category"
      name="category"
      value={value}
      onChange={onChange}
      error={error}
      hint={`Optional. Blank: listed under ${UNCATEGORISED}`}
    >
      <option value="">{UNCATEGORISED}</option>
      {TOOL_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {category}
        </option>
      ))}
    </SelectField>
  );
}
