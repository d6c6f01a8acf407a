import { useId, useState, type FormEvent } from 'react';
import { Button, visuallyHidden } from '@toolshop/ui';
import styles from './search-form.module.css';

interface SearchFormProps {
  /** The form's name and its field's label ("Search orders"). */
  label: string;
  placeholder: string;
  /** What the search finds, read out with the field. */
  hint: string;
  maxLength: number;
  /** The search the list shows now. */
  value: string;
  onSearch: (search: string) => void;
}

/** A list's search on the server: sent with Search or Enter; emptied, the whole list again. */
export function SearchForm({
  label,
  placeholder,
  hint,
  maxLength,
  value,
  onSearch,
}: SearchFormProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit} aria-label={label}>
      <label htmlFor={`${id}-field`} className={styles.label}>
        {label}
      </label>
      <input
        id={`${id}-field`}
        type="search"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          // Emptied (the field's clear button too): the whole list again.
          if (event.target.value === '' && value !== '') onSearch('');
        }}
      />
      <Button type="submit" variant="secondary" size="small">
        Search
      </Button>
      <span id={`${id}-hint`} className={visuallyHidden}>
        {hint}
      </span>
    </form>
  );
}
