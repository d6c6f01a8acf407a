import type { ReactNode } from 'react';
import { Field } from '@toolshop/ui';

type TextField = 'name' | 'img' | 'shortDescription';

interface ProductTextFieldsProps {
  values: Record<TextField, string>;
  errors: Partial<Record<TextField, string>>;
  onChange: (field: TextField) => (event: { target: { value: string } }) => void;
  /** Shown between the image link and the description (the upload of a new product). */
  afterImage?: ReactNode;
}

/** Name, image link and short description: the same fields to add a product and to edit one. */
export function ProductTextFields({
  values,
  errors,
  onChange,
  afterImage,
}: ProductTextFieldsProps) {
  return (
    <>
      <Field
        label="Name"
        name="name"
        value={values.name}
        onChange={onChange('name')}
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
        onChange={onChange('img')}
        error={errors.img}
      />
      {afterImage}
      <Field
        label="Short description"
        name="shortDescription"
        multiline
        rows={3}
        value={values.shortDescription}
        onChange={onChange('shortDescription')}
        error={errors.shortDescription}
      />
    </>
  );
}
