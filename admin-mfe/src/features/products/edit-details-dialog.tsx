import { useState, type FormEvent } from 'react';
import { ApiError } from '@toolshop/auth';
import {
  isToolCategory,
  normalizeSku,
  SkuMessages,
  validateNewTool,
  type Tool,
} from '@toolshop/contracts';
import { Button, Dialog } from '@toolshop/ui';
import { useEditToolDetails } from './api/edit-tool-details';
import { CategorySelect } from './category-select';
import { ProductTextFields } from './product-text-fields';
import { SkuField } from './sku-field';
import styles from './products-table.module.css';

interface EditDetailsDialogProps {
  tool: Tool | null;
  onClose: () => void;
}

/** "Edit details": name, picture, description, category and SKU of a product (PATCH /tools/{id}). */
export function EditDetailsDialog({ tool, onClose }: EditDetailsDialogProps) {
  return (
    <Dialog
      open={tool !== null}
      title={tool ? `Details of ${tool.name}` : 'Product details'}
      onClose={onClose}
    >
      {tool && <EditDetailsForm key={tool._id} tool={tool} onClose={onClose} />}
    </Dialog>
  );
}

type DetailsValues = {
  name: string;
  img: string;
  shortDescription: string;
  category: string;
  sku: string;
};
const DETAIL_FIELDS = ['name', 'img', 'shortDescription', 'sku'] as const;

function EditDetailsForm({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const [values, setValues] = useState<DetailsValues>({
    name: tool.name,
    img: tool.img,
    shortDescription: tool.shortDescription,
    category: tool.category ?? '',
    sku: tool.sku ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof DetailsValues, string>>>({});
  const [refusal, setRefusal] = useState('');
  const edit = useEditToolDetails();
  const change = (field: keyof DetailsValues) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setRefusal('');
    const sku = normalizeSku(values.sku);
    const details = {
      name: values.name.trim(),
      img: values.img.trim(),
      shortDescription: values.shortDescription.trim(),
      category: isToolCategory(values.category) ? values.category : null,
      // Sent only when changed: a product keeps its SKU unless the admin types another.
      ...(sku !== (tool.sku ?? '') && { sku }),
    };
    // The same rules as a new product's (the shared ones), shown at the field.
    const all = validateNewTool({
      ...tool,
      ...details,
      category: details.category ?? undefined,
      sku: details.sku ?? tool.sku,
    });
    const found = Object.fromEntries(
      DETAIL_FIELDS.filter((field) => all[field]).map((field) => [field, all[field]]),
    );
    setErrors(found);
    const first = DETAIL_FIELDS.find((field) => found[field]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    edit.mutate(
      { tool, details },
      {
        onSuccess: onClose,
        onError: (error) => {
          // Another product's SKU (409): said at the field, which takes the focus.
          if (error instanceof ApiError && error.message.startsWith(SkuMessages.taken(''))) {
            setErrors({ sku: error.message });
            form.querySelector<HTMLElement>('[name="sku"]')?.focus();
          } else setRefusal(error.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={styles.restock} aria-label="Product details">
      <ProductTextFields values={values} errors={errors} onChange={change} />
      <CategorySelect value={values.category} onChange={change('category')} />
      <SkuField
        hint="Letters, digits and dashes; stored in capitals"
        value={values.sku}
        onChange={change('sku')}
        error={errors.sku}
      />
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <div className={styles.dialogActions}>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={edit.isPending}>
          Save details
        </Button>
      </div>
    </form>
  );
}
