import { Field, type FieldProps } from '@toolshop/ui';

/** A field of the product forms that takes a whole number (numeric keyboard, steps of 1, 0 or more). */
export function WholeNumberField(props: FieldProps) {
  return <Field type="number" inputMode="numeric" min={0} step={1} {...props} />;
}

/** The pack size: a tool is sold only in multiples of it (buying by the box). */
export function PackSizeField(props: Pick<FieldProps, 'value' | 'onChange' | 'error' | 'hint'>) {
  return <WholeNumberField label="Pack size" name="packSize" min={1} {...props} />;
}
