import { useState, type FormEvent } from 'react';
import { Button, Field, SelectField } from '@toolshop/ui';
import { timeZoneError, type ApprovalRule, type Company } from '@toolshop/contracts';
import { useUpdateSettings } from './api/company';
import styles from './company.module.css';

const RULE_LABELS: Record<ApprovalRule, string> = {
  overLimit: 'Orders over the buyer’s monthly limit',
  allBuyers: 'Every order of a buyer',
};

/** An owner's company settings: the limits' time zone, which orders wait, PO numbers. */
export function CompanySettingsForm({ company }: { company: Company }) {
  const [timeZone, setTimeZone] = useState(company.timeZone);
  const [approvalFor, setApprovalFor] = useState<ApprovalRule>(company.approvalFor);
  const [purchaseOrderRequired, setPurchaseOrderRequired] = useState(company.purchaseOrderRequired);
  const [error, setError] = useState<string>();
  const update = useUpdateSettings(company._id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = timeZoneError(timeZone.trim());
    setError(problem);
    if (problem) return;
    update.mutate({ timeZone: timeZone.trim(), approvalFor, purchaseOrderRequired });
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby="settings-title">
      <h2 id="settings-title" className={styles.title}>
        Ordering rules
      </h2>
      <div className={styles.inline}>
        <Field
          label="Time zone of the monthly limits"
          value={timeZone}
          error={error}
          onChange={(event) => setTimeZone(event.target.value)}
        />
        <SelectField
          label="Needs approval"
          value={approvalFor}
          onChange={(event) => setApprovalFor(event.target.value as ApprovalRule)}
        >
          {(Object.keys(RULE_LABELS) as ApprovalRule[]).map((rule) => (
            <option key={rule} value={rule}>
              {RULE_LABELS[rule]}
            </option>
          ))}
        </SelectField>
      </div>
      <label>
        <input
          type="checkbox"
          checked={purchaseOrderRequired}
          onChange={(event) => setPurchaseOrderRequired(event.target.checked)}
        />{' '}
        Every order needs a PO number
      </label>
      {update.isError && (
        <p role="alert" className={styles.error}>
          {update.error.message}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save rules'}
        </Button>
      </div>
    </form>
  );
}
