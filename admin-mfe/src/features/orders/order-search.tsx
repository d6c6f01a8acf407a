import { useState, type FormEvent } from 'react';
import { ADMIN_ORDER_SEARCH_MAX_LENGTH } from '@toolshop/contracts';
import { Button, visuallyHidden } from '@toolshop/ui';
import styles from './orders-table.module.css';

interface OrderSearchProps {
  /** The search the list shows now. */
  value: string;
  onSearch: (search: string) => void;
}

/** Searches the orders on the server: an order number or id, a customer email, or ship-to name and address words. */
export function OrderSearch({ value, onSearch }: OrderSearchProps) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit} aria-label="Search orders">
      <label htmlFor="order-search" className={styles.searchLabel}>
        Search orders
      </label>
      <input
        id="order-search"
        type="search"
        value={text}
        maxLength={ADMIN_ORDER_SEARCH_MAX_LENGTH}
        placeholder="Order or PO number, email or ship-to"
        aria-describedby="order-search-hint"
        onChange={(event) => {
          setText(event.target.value);
          // Emptied (the field's clear button too): every order again.
          if (event.target.value === '' && value !== '') onSearch('');
        }}
      />
      <Button type="submit" variant="secondary" size="small">
        Search
      </Button>
      <span id="order-search-hint" className={visuallyHidden}>
        An order number (TS-100234 or 100234), a buyer's PO number (exactly), a customer email (or
        its start), an order id, or words of the ship-to name or address
      </span>
    </form>
  );
}
