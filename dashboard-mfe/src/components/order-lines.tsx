import { formatCount, formatDollars, type OrderLine } from '@toolshop/contracts';
import styles from './order-lines.module.css';

/** The lines of a multi-line order: "name × quantity @ unit price", and the line's total. */
export function OrderLines({ lines, label }: { lines: readonly OrderLine[]; label: string }) {
  return (
    <ul className={styles.lines} aria-label={label}>
      {lines.map((line) => (
        <li key={line.toolId} className={styles.line}>
          <span className={styles.name}>{line.name}</span>
          <span className={styles.figures}>
            × {formatCount(line.orderQuantity)} @ {formatDollars(line.unitPrice)} ={' '}
            {formatDollars(line.totalPrice)}
          </span>
        </li>
      ))}
    </ul>
  );
}
