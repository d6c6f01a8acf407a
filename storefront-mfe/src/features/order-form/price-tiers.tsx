import { tierRows, type Tool } from '@toolshop/contracts';
import { visuallyHidden } from '@toolshop/ui';
import styles from './price-tiers.module.css';

/** The row of `rows` whose quantities include `quantity`, or -1 (below the first, or no whole number). */
export function applyingTier(rows: ReturnType<typeof tierRows>, quantity: number): number {
  if (!Number.isInteger(quantity) || quantity <= 0) return -1;
  return rows.findLastIndex((row) => quantity >= row.from);
}

/** The quantity price breaks of a tool, the row the chosen quantity falls in marked. */
export function PriceTiers({ tool, quantity }: { tool: Tool; quantity: number }) {
  if (!tool.priceTiers?.length) return null;
  const rows = tierRows(tool);
  const applying = applyingTier(rows, quantity);
  return (
    <table className={styles.tiers}>
      <caption className={styles.caption}>Price per unit by quantity</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col" className={styles.price}>
            Unit price
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr
            key={row.from}
            className={index === applying ? styles.applying : undefined}
            aria-current={index === applying ? 'true' : undefined}
          >
            <th scope="row">
              {row.label}
              {index === applying && <span className={visuallyHidden}> (your quantity)</span>}
            </th>
            <td className={styles.price}>{row.priceLabel}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
