import { useState, type FormEvent } from 'react';
import { Button, Field } from '@toolshop/ui';
import { InputMessages, formatDollars, type Quote } from '@toolshop/contracts';
import { useAcceptQuote, useDeclineQuote } from './api/quotes';
import styles from './quotes.module.css';

/** An answered quote: where to ship, then one order at the quoted prices; or decline it. */
export function QuoteAcceptForm({ quote }: { quote: Quote }) {
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
  const [purchaseOrder, setPurchaseOrder] = useState('');
  const [errors, setErrors] = useState<{ address?: string; phone?: string }>({});
  const accept = useAcceptQuote(quote._id);
  const decline = useDeclineQuote(quote._id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      ...(!address.trim() && { address: InputMessages.addressRequired }),
      ...(!phone.trim() && { phone: InputMessages.phoneRequired }),
    };
    setErrors(found);
    if (found.address || found.phone) return;
    accept.mutate({
      address: address.trim(),
      phone: phone.trim(),
      ...(purchaseOrder.trim() && { purchaseOrder: purchaseOrder.trim() }),
    });
  };

  const refusal = accept.isError
    ? accept.error.message
    : decline.isError
      ? decline.error.message
      : undefined;
  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby="accept-title">
      <h2 id="accept-title" className={styles.title}>
        Accept the quote
      </h2>
      <p className={styles.hint}>
        One order of every line at the quoted prices
        {quote.total !== undefined ? `, ${formatDollars(quote.total)} in all` : ''}.
      </p>
      <Field
        label="Address"
        autoComplete="street-address"
        value={address}
        error={errors.address}
        onChange={(event) => setAddress(event.target.value)}
      />
      <Field
        label="Phone"
        type="tel"
        autoComplete="tel"
        value={phone}
        error={errors.phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <Field
        label="PO number (optional)"
        value={purchaseOrder}
        onChange={(event) => setPurchaseOrder(event.target.value)}
      />
      {refusal && (
        <p role="alert" className={styles.error}>
          {refusal}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          type="button"
          variant="secondary"
          disabled={decline.isPending || accept.isPending}
          onClick={() => decline.mutate()}
        >
          Decline
        </Button>
        <Button type="submit" disabled={accept.isPending}>
          {accept.isPending ? 'Placing the order…' : 'Accept'}
        </Button>
      </div>
    </form>
  );
}
