import { useState, type FormEvent } from 'react';
import type { FieldErrors, NewTool } from '@toolshop/contracts';
import { Button } from '@toolshop/ui';
import { ToolRefusal, useAddTool } from './api/add-tool';
import { CategorySelect } from './category-select';
import { ImagePreview } from './image-preview';
import { ImageUpload } from './image-upload';
import { PriceTierFields } from './price-tier-fields';
import { ProductTextFields } from './product-text-fields';
import { focusFirstInvalid, type TierRowValues } from './price-tier-rows';
import { PackSizeField, WholeNumberField } from './whole-number-field';
import { SkuField } from './sku-field';
import { EMPTY_TOOL_FORM, readToolForm, toolFormTierError, type ToolFormValues } from './tool-form';
import styles from './add-product-form.module.css';

const NUMBER_FIELDS = [
  { name: 'minOrder', label: 'Minimum order' },
  { name: 'available', label: 'Available' },
  { name: 'price', label: 'Price ($)' },
] as const;

/** The add-product form: every field required, numbers sent as integers, cleared after success. */
export function AddProductForm() {
  const [values, setValues] = useState<ToolFormValues>(EMPTY_TOOL_FORM);
  const [errors, setErrors] = useState<FieldErrors<keyof NewTool>>({});
  const [submitted, setSubmitted] = useState(false);
  // A new key after each saved product empties the file control with the rest of the form.
  const [saved, setSaved] = useState(0);
  const addTool = useAddTool();
  const saving = addTool.isPending;

  const update = (next: ToolFormValues) => {
    setValues(next);
    // After the first attempt, keep the messages in step with what is typed.
    if (submitted) setErrors(readToolForm(next).errors ?? {});
  };
  const change =
    (field: Exclude<keyof ToolFormValues, 'tiers'>) => (event: { target: { value: string } }) =>
      update({ ...values, [field]: event.target.value });
  const changeTiers = (tiers: TierRowValues[]) => update({ ...values, tiers });
  const tierError = errors.priceTiers ? toolFormTierError(values) : undefined;

  // An upload ends after any typing in the meantime: only the link changes, and it is valid.
  const takeUploadedImage = (link: string) => {
    setValues((previous) => ({ ...previous, img: link }));
    setErrors(({ img: _uploaded, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const focusFirst = (found: FieldErrors<keyof NewTool>) =>
      focusFirstInvalid(form, found, toolFormTierError(values));
    setSubmitted(true);
    const { tool, errors: found } = readToolForm(values);
    setErrors(found ?? {});
    if (!tool) {
      focusFirst(found ?? {});
      return;
    }
    addTool.mutate(tool, {
      onSuccess: () => {
        setValues(EMPTY_TOOL_FORM);
        setSubmitted(false);
        setSaved((count) => count + 1);
      },
      onError: (error) => {
        if (!(error instanceof ToolRefusal)) return;
        setErrors(error.errors);
        focusFirst(error.errors);
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Add a product">
      <div className={styles.fields}>
        <ProductTextFields
          values={values}
          errors={errors}
          onChange={change}
          afterImage={<ImageUpload key={saved} onUploaded={takeUploadedImage} />}
        />
        <div className={styles.numbers}>
          {NUMBER_FIELDS.map(({ name, label }) => (
            <WholeNumberField
              key={name}
              label={label}
              name={name}
              value={values[name]}
              onChange={change(name)}
              error={errors[name]}
            />
          ))}
        </div>
        <div className={styles.pair}>
          <CategorySelect
            value={values.category}
            onChange={change('category')}
            error={errors.category}
          />
          <WholeNumberField
            label="Low-stock threshold"
            name="lowStockThreshold"
            hint="Optional. Stock below it is marked low; blank: 2 × minimum order"
            value={values.lowStockThreshold}
            onChange={change('lowStockThreshold')}
            error={errors.lowStockThreshold}
          />
        </div>
        <div className={styles.pair}>
          <PackSizeField
            hint="Optional. Sold only in multiples of it (a box of 5); blank: single units"
            value={values.packSize}
            onChange={change('packSize')}
            error={errors.packSize}
          />
          <SkuField
            hint="Optional. Letters, digits and dashes; blank: one is made from the name"
            value={values.sku}
            onChange={change('sku')}
            error={errors.sku}
          />
        </div>
        <PriceTierFields
          rows={values.tiers}
          onChange={changeTiers}
          errorAt={tierError}
          error={errors.priceTiers}
        />
      </div>
      <ImagePreview src={values.img.trim()} name={values.name.trim()} />
      <div className={styles.submit}>
        <Button type="submit" disabled={saving}>
          Add product
        </Button>
      </div>
    </form>
  );
}
