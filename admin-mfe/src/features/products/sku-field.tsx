import { SKU_MAX_LENGTH } from '@toolshop/contracts';
import { Field, type FieldProps } from '@toolshop/ui';

/** The product's SKU: typed in any case, stored upper-case (the API's rule, SKU_PATTERN). */
export function SkuField(props: Pick<FieldProps, 'value' | 'onChange' | 'error' | 'hint'>) {
  return (
    <Field
      label="SKU"
      name="sku"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={SKU_MAX_LENGTH}
      placeholder="DRL-18V"
      {...props}
    />
  );
}
