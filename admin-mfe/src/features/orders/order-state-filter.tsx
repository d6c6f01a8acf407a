import { visuallyHidden } from '@toolshop/ui';
import { STATE_FILTERS, type StateFilter } from './order-filters';
import styles from './orders-table.module.css';

/** The segmented choice of which orders to show: all open ones, or those of one state of the lifecycle. */
export function OrderStateFilter({
  value,
  onChange,
}: {
  value: StateFilter;
  onChange: (next: StateFilter) => void;
}) {
  return (
    <fieldset className={styles.filter}>
      <legend className={visuallyHidden}>Show orders</legend>
      {STATE_FILTERS.map((option) => (
        <label key={option.value} className={styles.segment}>
          <input
            type="radio"
            name="order-state"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
