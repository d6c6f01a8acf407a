import { useId } from 'react';
import { PRICE_TIERS_MAX } from '@toolshop/contracts';
import { Button, visuallyHidden } from '@toolshop/ui';
import {
  EMPTY_TIER_ROW,
  tierFieldName,
  type TierError,
  type TierRowValues,
} from './price-tier-rows';
import { WholeNumberField } from './whole-number-field';
import styles from './price-tier-fields.module.css';

interface PriceTierFieldsProps {
  rows: readonly TierRowValues[];
  onChange: (rows: TierRowValues[]) => void;
  /** The tiers' problem at its row and field (tierErrorAt). */
  errorAt?: TierError;
  /** A problem with the tiers that no row could be found for (an API refusal, say). */
  error?: string;
}

/** Optional quantity price breaks, a row each (from quantity, unit price), added and removed one by one. */
export function PriceTierFields({ rows, onChange, errorAt, error }: PriceTierFieldsProps) {
  const hintId = useId();
  const errorId = useId();
  const unplaced = !errorAt && error;
  const change = (index: number, field: keyof TierRowValues, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const errorOf = (row: number, field: keyof TierRowValues) =>
    errorAt?.row === row && errorAt.field === field ? errorAt.message : undefined;

  return (
    <fieldset
      className={styles.tiers}
      aria-describedby={unplaced ? `${hintId} ${errorId}` : hintId}
    >
      <legend className={styles.legend}>Price tiers</legend>
      <p id={hintId} className={styles.hint}>
        Optional. Lower unit prices from a quantity on, lowest quantity first; the price above
        applies below the first tier.
      </p>
      {rows.map((row, index) => {
        const tier = <span className={visuallyHidden}> of tier {index + 1}</span>;
        return (
          <div key={index} className={styles.row}>
            <WholeNumberField
              label={<>From quantity{tier}</>}
              name={tierFieldName({ row: index, field: 'minQuantity' })}
              min={2}
              value={row.minQuantity}
              onChange={(event) => change(index, 'minQuantity', event.target.value)}
              error={errorOf(index, 'minQuantity')}
            />
            <WholeNumberField
              label={<>Unit price ($){tier}</>}
              name={tierFieldName({ row: index, field: 'price' })}
              value={row.price}
              onChange={(event) => change(index, 'price', event.target.value)}
              error={errorOf(index, 'price')}
            />
            <Button
              variant="ghost"
              size="small"
              className={styles.remove}
              aria-label={`Remove tier ${index + 1}`}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </div>
        );
      })}
      {unplaced && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      <div>
        <Button
          variant="secondary"
          size="small"
          disabled={rows.length >= PRICE_TIERS_MAX}
          onClick={() => onChange([...rows, EMPTY_TIER_ROW])}
        >
          Add a price tier
        </Button>
      </div>
    </fieldset>
  );
}
