import { useId } from 'react';
import type { Order } from '@toolshop/contracts';
import styles from './orders.module.css';

/**
 * The orders whose number holds what was typed (`TS-100234`, `100234`, `0234`; any case), all
 * when it is blank: the answer while typing, from the list the page has (the API's follows).
 */
export function ordersNumbered(orders: Order[], typed: string): Order[] {
  const wanted = typed.trim().toUpperCase().replace(/\s+/g, '');
  if (!wanted) return orders;
  return orders.filter((order) => order.number?.toUpperCase().includes(wanted));
}

interface OrderNumberFilterProps {
  value: string;
  onChange: (value: string) => void;
}

/** "Find an order by number": narrows My Orders as the customer types. */
export function OrderNumberFilter({ value, onChange }: OrderNumberFilterProps) {
  const id = useId();
  return (
    <div role="search" className={styles.numberFilter}>
      <label htmlFor={id}>Find an order by number</label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={20}
        placeholder="TS-100234"
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
