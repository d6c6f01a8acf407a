import { useState, type FormEvent } from 'react';
import { Button, Field } from '@toolshop/ui';
import { validateCompany, type CompanyInput } from '@toolshop/contracts';
import { useCreateCompany } from './api/company';
import styles from './company.module.css';

type Key = keyof CompanyInput;
const fields: Array<{ key: Key; label: string; multiline?: boolean; autoComplete?: string }> = [
  { key: 'name', label: 'Company name', autoComplete: 'organization' },
  { key: 'taxId', label: 'Tax ID (optional)' },
  { key: 'billingAddress', label: 'Billing address (optional)', multiline: true },
  { key: 'deliveryAddress', label: 'Delivery address (optional)', multiline: true },
];
const empty: Record<Key, string> = { name: '', taxId: '', billingAddress: '', deliveryAddress: '' };

/** For a signed-in customer in no company: make one, and be its owner. */
export function CreateCompanyForm() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const create = useCreateCompany();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCompany(values);
    setErrors(found);
    const first = fields.find(({ key }) => found[key]);
    if (first) {
      document.getElementById(`company-${first.key}`)?.focus();
      return;
    }
    const input: CompanyInput = { name: values.name.trim() };
    for (const key of ['taxId', 'billingAddress', 'deliveryAddress'] as const)
      if (values[key].trim()) input[key] = values[key].trim();
    create.mutate(input);
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby="create-company">
      <h2 id="create-company" className={styles.title}>
        Create your company
      </h2>
      <p className={styles.hint}>
        Workshops and contractors order as a company: create it, then invite the people who buy with
        you.
      </p>
      <div className={styles.fields}>
        {fields.map(({ key, ...field }) => (
          <Field
            key={key}
            id={`company-${key}`}
            {...field}
            required={key === 'name'}
            value={values[key]}
            error={errors[key]}
            onChange={(event) => setValues((now) => ({ ...now, [key]: event.target.value }))}
          />
        ))}
      </div>
      {create.isError && (
        <p role="alert" className={styles.error}>
          {create.error.message}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create company'}
        </Button>
      </div>
    </form>
  );
}
