import { useState, type FormEvent } from 'react';
import type { Tool } from '@toolshop/contracts';
import { Button, Dialog } from '@toolshop/ui';
import { ToolTermsRefusal, useEditToolTerms } from './api/edit-tool-terms';
import { PriceTierFields } from './price-tier-fields';
import { focusFirstInvalid } from './price-tier-rows';
import {
  readToolTerms,
  toolTermsTierError,
  toolTermsValues,
  type ToolTermsErrors,
  type ToolTermsValues,
} from './tool-terms-form';
import { PackSizeField, WholeNumberField } from './whole-number-field';
import styles from './products-table.module.css';

interface EditTermsDialogProps {
  tool: Tool | null;
  onClose: () => void;
}

/** "Edit pack & prices": price, minimum order, pack size and tiers of a tool (PATCH /tools/{id}). */
export function EditTermsDialog({ tool, onClose }: EditTermsDialogProps) {
  return (
    <Dialog
      open={tool !== null}
      title={tool ? `Pack and prices of ${tool.name}` : 'Pack and prices'}
      onClose={onClose}
    >
      {/* Keyed so the fields start from the chosen tool every time the dialog opens. */}
      {tool && <EditTermsForm key={tool._id} tool={tool} onClose={onClose} />}
    </Dialog>
  );
}

function EditTermsForm({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const [values, setValues] = useState<ToolTermsValues>(() => toolTermsValues(tool));
  const [errors, setErrors] = useState<ToolTermsErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState('');
  const edit = useEditToolTerms();

  const update = (next: ToolTermsValues) => {
    setValues(next);
    if (submitted) setErrors(readToolTerms(next, tool).errors ?? {});
  };
  const change =
    (field: Exclude<keyof ToolTermsValues, 'tiers'>) => (event: { target: { value: string } }) =>
      update({ ...values, [field]: event.target.value });
  const tierError = errors.priceTiers ? toolTermsTierError(values) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const focusFirst = (found: ToolTermsErrors) =>
      focusFirstInvalid(form, found, toolTermsTierError(values));
    setSubmitted(true);
    setRefusal('');
    const { terms, errors: found } = readToolTerms(values, tool);
    setErrors(found ?? {});
    if (!terms) {
      focusFirst(found ?? {});
      return;
    }
    edit.mutate(
      { tool, terms },
      {
        onSuccess: onClose,
        onError: (error) => {
          const refused =
            error instanceof ToolTermsRefusal ? error : new ToolTermsRefusal(error.message);
          setErrors(refused.errors);
          setRefusal(refused.message);
          focusFirst(refused.errors);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={styles.restock} aria-label="Pack and prices">
      <p className={styles.restockHint}>{tool.available} in stock.</p>
      <div className={styles.termsPair}>
        <WholeNumberField
          label="Price ($)"
          name="price"
          value={values.price}
          onChange={change('price')}
          error={errors.price}
        />
        <WholeNumberField
          label="Minimum order"
          name="minOrder"
          value={values.minOrder}
          onChange={change('minOrder')}
          error={errors.minOrder}
        />
      </div>
      <PackSizeField
        hint="Sold only in multiples of it; 1 or blank: single units"
        value={values.packSize}
        onChange={change('packSize')}
        error={errors.packSize}
      />
      <PriceTierFields
        rows={values.tiers}
        onChange={(tiers) => update({ ...values, tiers })}
        errorAt={tierError}
        error={errors.priceTiers}
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
          Save pack & prices
        </Button>
      </div>
    </form>
  );
}
