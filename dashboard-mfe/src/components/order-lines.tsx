import { formatCount, formatDollars, skuAndName, type OrderLine } from '@toolshop/contracts';
import styles from './order-lines.module.css';

/**
 * The lines of a multi-line order: "name × quantity @ unit price", and the line's total; with
 * `skus` (My Orders), "SKU — name" for each line that kept its SKU.
 */
export function OrderLines({
  lines,
  label,
  skus = false,
}: {
  lines: readonly OrderLine[];
  label: string;
  skus?: boolean;
}) {
  return (
    <ul className={styles.lines} aria-label={label}>
      {lines.map((line) => (
        <li key={line.toolId} className={styles.line}>
          <span className={styles.name}>{skus ? skuAndName(line) : line.name}</span>
          <span className={styles.figures}>
            × {formatCount(line.orderQuantity)} @ {formatDollars(line.unitPrice)} ={' '}
            {formatDollars(line.totalPrice)}
          </span>
        </li>
      ))}
    </ul>
  );
}
