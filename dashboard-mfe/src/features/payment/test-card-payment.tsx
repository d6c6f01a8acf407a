import { useState, type ChangeEvent } from 'react';
import { Field } from '@toolshop/ui';
import { CardForm, type ConfirmResult, type ProviderFormProps } from './card-form';
import { confirmTestCardPayment } from './api/confirm-test-card';
import { formatCardNumber, formatExpiry, readCard, type CardFields } from './test-card-input';
import styles from './payment.module.css';

/** The offline test provider's card form: same look and messages as Stripe's, no network to Stripe. */
export function TestCardPayment({ clientSecret, billingDetails, ...form }: ProviderFormProps) {
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const edit =
    (name: keyof CardFields, format: (value: string) => string) =>
    (event: ChangeEvent<HTMLInputElement>) =>
      setFields((previous) => ({ ...previous, [name]: format(event.target.value) }));

  async function confirm(): Promise<ConfirmResult> {
    const read = readCard(fields);
    if ('error' in read) return read;
    // The API answers a refused card with Stripe's message (thrown as ApiError, shown by CardForm).
    const intent = await confirmTestCardPayment(clientSecret ?? '', read.card, billingDetails);
    return { paymentId: intent.id };
  }

  return (
    <CardForm {...form} ready={Boolean(clientSecret)} confirm={confirm}>
      <p className={styles.testMode}>
        Test mode: use 4242 4242 4242 4242, any future date and any CVC.
      </p>
      <Field
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={fields.number}
        onChange={edit('number', formatCardNumber)}
      />
      <div className={styles.row}>
        <Field
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={fields.expiry}
          onChange={edit('expiry', formatExpiry)}
        />
        <Field
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
          value={fields.cvc}
          onChange={edit('cvc', (value) => value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
    </CardForm>
  );
}
