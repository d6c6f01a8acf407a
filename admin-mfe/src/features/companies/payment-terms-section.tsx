import { useState, type FormEvent } from 'react';
import {
  AccountMessages,
  formatDollars,
  MONTHLY_LIMIT_MAX,
  NET_TERMS_DAYS,
  type Company,
  type NetTermsDays,
} from '@toolshop/contracts';
import { Button, Field, SelectField } from '@toolshop/ui';
import { useSetPaymentTerms } from './api/payment-terms';
import styles from './companies.module.css';

/** Net terms: the company's orders go on account, due after the days chosen, up to the credit. */
export function PaymentTermsSection({ company }: { company: Company }) {
  const [netDays, setNetDays] = useState<NetTermsDays>(company.terms?.netDays ?? 30);
  const [credit, setCredit] = useState(company.terms?.creditLimit.toString() ?? '');
  const [error, setError] = useState<string>();
  const save = useSetPaymentTerms(company._id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const creditLimit = Number(credit.trim());
    const valid =
      credit.trim() !== '' &&
      Number.isInteger(creditLimit) &&
      creditLimit >= 0 &&
      creditLimit <= MONTHLY_LIMIT_MAX;
    setError(valid ? undefined : AccountMessages.creditLimitInvalid);
    if (valid) save.mutate({ netDays, creditLimit });
  };

  return (
    <section className={styles.section} aria-labelledby="payment-terms">
      <h2 id="payment-terms" className={styles.heading}>
        Pay on account
      </h2>
      <p className={styles.muted}>
        {company.terms
          ? `Net ${company.terms.netDays} days, credit limit ${formatDollars(company.terms.creditLimit)}.`
          : 'No terms: the company’s members pay by card.'}
      </p>
      <form onSubmit={submit} noValidate aria-label="Payment terms" className={styles.row}>
        <SelectField
          label="Net days"
          value={String(netDays)}
          onChange={(event) => setNetDays(Number(event.target.value) as NetTermsDays)}
        >
          {NET_TERMS_DAYS.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </SelectField>
        <Field
          label="Credit limit in dollars"
          inputMode="numeric"
          value={credit}
          error={error}
          onChange={(event) => setCredit(event.target.value)}
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save terms'}
          </Button>
        </div>
        {save.isError && <p role="alert">{save.error.message}</p>}
      </form>
    </section>
  );
}
