import type { ChangeEventHandler } from 'react';
import { TOOL_CATEGORIES } from '@toolshop/contracts';
import { SelectField } from '@toolshop/ui';

interface CategorySelectProps {
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  error?: string;
}

/** The product's category, one of the fixed list (required for a new product). */
export function CategorySelect({ value, onChange, error }: CategorySelectProps) {
  return (
    <SelectField label="Category" name="category" value={value} onChange={onChange} error={error}>
      <option value="">Select a category</option>
      {TOOL_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {category}
        </option>
      ))}
    </SelectField>
  );
}
