import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@toolshop/ui';
import { formatDollars } from '@toolshop/contracts';
import styles from './payment.module.css';

/** The id of the payment intent, or the provider's message for the customer. */
export type ConfirmResult = { paymentId: string } | { error: string };

interface CardFormProps {
  /** The card inputs (Stripe's card Element, or the test provider's fields). */
  children: ReactNode;
  amount: number;
  /** False until the client secret (and, with Stripe, the card Element) is ready. */
  ready: boolean;
  paid: boolean;
  confirm: () => Promise<ConfirmResult>;
  onPaid: (paymentId: string) => Promise<void> | void;
}

/**
 * Shown when the request never got an answer (the browser says only "Failed to fetch"): the page cannot
 * know whether the card was charged, so it says so and where to look before paying again (issue 33).
 */
export const paymentUnreachableMessage =
  'The payment service did not answer (connection lost), so this page cannot tell whether your card was charged. ' +
  'Open My Orders: if the order shows as paid, do not pay again; if it is still unpaid, try again here.';

/** A failure without an answer from the server (fetch's TypeError), as opposed to a refused card. */
function isNetworkFailure(failure: unknown): boolean {
  return failure instanceof TypeError || (failure instanceof Error && failure.message === 'Failed to fetch');
}

/** The look and behaviour both providers share: one pay button, card errors in red below. */
export function CardForm({ children, amount, ready, paid, confirm, onPaid }: CardFormProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy || paid) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await confirm();
      if ('error' in result) setError(result.error);
      else await onPaid(result.paymentId);
    } catch (failure) {
      if (isNetworkFailure(failure)) setError(paymentUnreachableMessage);
      else setError(failure instanceof Error ? failure.message : 'The payment could not be completed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-busy={busy} noValidate>
      {/* Editing the card clears the last refusal: it was about the card as it was. */}
      <fieldset className={styles.card} disabled={busy || paid} onChange={() => setError(undefined)}>
        <legend className={styles.legend}>Card details</legend>
        {children}
      </fieldset>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <Button type="submit" block disabled={!ready || busy || paid}>
        {busy ? 'Paying…' : paid ? 'Paid' : `Pay ${formatDollars(amount)}`}
      </Button>
    </form>
  );
}
