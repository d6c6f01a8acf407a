import { useState, type FormEvent } from 'react';
import type { FieldErrors, NewTool } from '@toolshop/contracts';
import { Button, Field } from '@toolshop/ui';
import { ToolRefusal, useAddTool } from './api/add-tool';
import { CategorySelect } from './category-select';
import { ImagePreview } from './image-preview';
import { ImageUpload } from './image-upload';
import { EMPTY_TOOL_FORM, readToolForm, type ToolFormValues } from './tool-form';
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

  const change = (field: keyof ToolFormValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // After the first attempt, keep the messages in step with what is typed.
    if (submitted) setErrors(readToolForm(next).errors ?? {});
  };

  // An upload ends after any typing in the meantime: only the link changes, and it is valid.
  const takeUploadedImage = (link: string) => {
    setValues((previous) => ({ ...previous, img: link }));
    setErrors(({ img: _uploaded, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const focusFirst = (found: FieldErrors<keyof NewTool>) => {
      const firstInvalid = Object.keys(found)[0];
      if (firstInvalid) (form.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
    };
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
        <Field
          label="Name"
          name="name"
          value={values.name}
          onChange={change('name')}
          error={errors.name}
          autoComplete="off"
        />
        <Field
          label="Image link"
          name="img"
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="/images/drill.webp"
          hint="A path on the shop such as /images/drill.webp, or a web link"
          value={values.img}
          onChange={change('img')}
          error={errors.img}
        />
        <ImageUpload key={saved} onUploaded={takeUploadedImage} />
        <Field
          label="Short description"
          name="shortDescription"
          multiline
          rows={3}
          value={values.shortDescription}
          onChange={change('shortDescription')}
          error={errors.shortDescription}
        />
        <div className={styles.numbers}>
          {NUMBER_FIELDS.map(({ name, label }) => (
            <Field
              key={name}
              label={label}
              name={name}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
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
          <Field
            label="Low-stock threshold"
            name="lowStockThreshold"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint="Optional. Stock below it is marked low; blank: 2 × minimum order"
            value={values.lowStockThreshold}
            onChange={change('lowStockThreshold')}
            error={errors.lowStockThreshold}
          />
        </div>
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
