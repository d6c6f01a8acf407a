import { useId, type ChangeEventHandler } from 'react';
import { TOOL_CATEGORIES } from '@toolshop/contracts';
import styles from './category-select.module.css';

interface CategorySelectProps {
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  error?: string;
}

/** The product's category, one of the fixed list (required for a new product). */
export function CategorySelect({ value, onChange, error }: CategorySelectProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Category
      </label>
      <select
        id={id}
        name="category"
        className={styles.control}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Select a category</option>
        {TOOL_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
