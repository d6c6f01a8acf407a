import { unitsLeft, type Order, type RefundLine } from '@toolshop/contracts';
import { Field } from '../field/field';
import styles from './order-timeline.module.css';

/** How many units of each product (by toolId) a refund or return covers. */
export type PickedUnits = Readonly<Record<string, number>>;

/** Every unit still paid for: where a refund or return starts. */
export function allUnitsPicked(order: Order): PickedUnits {
  return Object.fromEntries(unitsLeft(order).map((line) => [line.toolId, line.left]));
}

/** The picked units as the API takes them (products with none left out). */
export function pickedLines(picked: PickedUnits): RefundLine[] {
  return Object.entries(picked)
    .filter(([, quantity]) => quantity > 0)
    .map(([toolId, quantity]) => ({ toolId, quantity }));
}

export interface UnitsPickerProps {
  order: Order;
  picked: PickedUnits;
  onChange: (picked: PickedUnits) => void;
  /** "Units to refund" or "Units to return". */
  legend: string;
  error?: string;
}

/**
 * One quantity field per product of the order that has units left (0 to what is left): a refund
 * or return of some of them. Nothing to choose for an order with one unit left: none is shown.
 */
export function UnitsPicker({ order, picked, onChange, legend, error }: UnitsPickerProps) {
  const products = unitsLeft(order).filter((line) => line.left > 0);
  if (products.reduce((sum, line) => sum + line.left, 0) <= 1) return null;
  return (
    <fieldset className={styles.units}>
      <legend className={styles.unitsLegend}>{legend}</legend>
      {products.map((line) => (
        <Field
          key={line.toolId}
          label={`${line.name} (${line.left} ${line.left === line.ordered ? 'ordered' : 'left'})`}
          name={`units-${line.toolId}`}
          type="number"
          inputMode="numeric"
          min={0}
          max={line.left}
          step={1}
          value={String(picked[line.toolId] ?? 0)}
          onChange={(event) => {
            const value = Math.trunc(Number(event.target.value));
            const quantity = Number.isFinite(value) ? Math.min(Math.max(value, 0), line.left) : 0;
            onChange({ ...picked, [line.toolId]: quantity });
          }}
        />
      ))}
      {error ? (
        <p role="alert" className={styles.unitsError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
