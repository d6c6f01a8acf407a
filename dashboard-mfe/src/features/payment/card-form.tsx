import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@toolshop/ui';
import { formatDollars, type PaymentStatusAnswer } from '@toolshop/contracts';
import type { BillingDetails } from './billing-details';
import styles from './payment.module.css';

/**
 * The id of the payment intent, the provider's message for the customer, or `unreachable` when
 * the confirmation got no answer (Stripe.js says so with an `api_connection_error`).
 */
export type ConfirmResult = { paymentId: string } | { error: string } | { unreachable: true };

interface CardFormProps {
  /** The card inputs (Stripe's card Element, or the test provider's fields). */
  children: ReactNode;
  amount: number;
  /** False until the client secret (and, with Stripe, the card Element) is ready. */
  ready: boolean;
  paid: boolean;
  confirm: () => Promise<ConfirmResult>;
  onPaid: (paymentId: string) => Promise<void> | void;
  /** Reads the payment's real state from the API (order + provider) after a lost connection. */
  checkPayment: () => Promise<PaymentStatusAnswer>;
  /**
   * How often the card was edited where this form cannot see it (Stripe's card Element is an
   * iframe whose inputs raise no events here); the test fields' edits are seen by the fieldset.
   */
  cardEdits?: number;
}

/** What the page gives either provider's card form. */
export interface ProviderFormProps {
  clientSecret?: string;
  billingDetails: BillingDetails;
  amount: number;
  paid: boolean;
  onPaid: (paymentId: string) => Promise<void> | void;
  checkPayment: () => Promise<PaymentStatusAnswer>;
}

/** What the customer is told below the card; a refusal is about the card as it was when it was sent. */
type Notice =
  | { kind: 'refused'; message: string; atEdit: number }
  /** The pay request got no answer: the payment's state is being read. */
  | { kind: 'checking' }
  /** ...and the read got no answer either: whether the card was charged is unknown. */
  | { kind: 'unknown' }
  /** The provider is still processing the charge. */
  | { kind: 'processing' }
  /** The provider says the card was not charged: paying again is safe. */
  | { kind: 'notCharged'; atEdit: number };

/** Said while the page cannot tell whether the card was charged: no retry until it can. */
export const paymentUnknownMessage =
  'The connection was lost while paying, so this page cannot tell yet whether your card was charged. ' +
  'Do not pay again until the check says so: reconnect, then check the payment.';
export const paymentCheckingMessage =
  'The connection was lost while paying. Checking whether your card was charged…';
export const paymentNotChargedMessage =
  'The connection was lost before the payment went through: your card was not charged. You can try again.';
export const paymentProcessingMessage =
  'Your payment is still being processed, so your card may be charged. Do not pay again: check again in a minute ' +
  '(My Orders shows the order as paid once it completes).';

/** A failure without an answer from the server (fetch's TypeError), as opposed to a refused card. */
function isNetworkFailure(failure: unknown): boolean {
  return (
    failure instanceof TypeError ||
    (failure instanceof Error && failure.message === 'Failed to fetch')
  );
}

/** Whether the notice still stands after `edits` edits of the card (a refusal clears on an edit). */
function standing(notice: Notice | undefined, edits: number): Notice | undefined {
  if (notice && 'atEdit' in notice && notice.atEdit !== edits) return undefined;
  return notice;
}

/**
 * The look and behaviour both providers share: one pay button, card errors in red below, and after
 * a lost connection the payment's real state (paid / still processing / not charged) before a retry.
 */
export function CardForm({
  children,
  amount,
  ready,
  paid,
  confirm,
  onPaid,
  checkPayment,
  cardEdits = 0,
}: CardFormProps) {
  const [busy, setBusy] = useState(false);
  const [ownEdits, setOwnEdits] = useState(0);
  const [stored, setNotice] = useState<Notice>();
  const edits = ownEdits + cardEdits;
  const notice = standing(stored, edits);
  // Until the check says "not charged", paying again could charge twice.
  const blocked =
    notice?.kind === 'checking' || notice?.kind === 'unknown' || notice?.kind === 'processing';

  async function check() {
    setNotice({ kind: 'checking' });
    try {
      const status = await checkPayment();
      if (status.state === 'paid' && status.transactionId) {
        setNotice(undefined);
        await onPaid(status.transactionId);
      } else if (status.state === 'unpaid') setNotice({ kind: 'notCharged', atEdit: edits });
      else setNotice({ kind: 'processing' });
    } catch {
      setNotice({ kind: 'unknown' });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy || paid || blocked) return;
    setBusy(true);
    setNotice(undefined);
    try {
      const result = await confirm();
      if ('unreachable' in result) await check();
      else if ('error' in result)
        setNotice({ kind: 'refused', message: result.error, atEdit: edits });
      else await onPaid(result.paymentId);
    } catch (failure) {
      if (isNetworkFailure(failure)) await check();
      else {
        const message =
          failure instanceof Error ? failure.message : 'The payment could not be completed.';
        setNotice({ kind: 'refused', message, atEdit: edits });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-busy={busy} noValidate>
      {/* Editing the card clears the last refusal: it was about the card as it was. */}
      <fieldset
        className={styles.card}
        disabled={busy || paid}
        onChange={() => setOwnEdits((count) => count + 1)}
      >
        <legend className={styles.legend}>Card details</legend>
        {children}
      </fieldset>
      {notice && !paid && <PaymentNotice notice={notice} onCheck={() => void check()} />}
      <Button type="submit" block disabled={!ready || busy || paid || blocked}>
        {busy ? 'Paying…' : paid ? 'Paid' : `Pay ${formatDollars(amount)}`}
      </Button>
    </form>
  );
}

function PaymentNotice({ notice, onCheck }: { notice: Notice; onCheck: () => void }) {
  switch (notice.kind) {
    case 'refused':
      return (
        <p role="alert" className={styles.error}>
          {notice.message}
        </p>
      );
    case 'checking':
      return (
        <p role="status" className={styles.notice}>
          {paymentCheckingMessage}
        </p>
      );
    case 'notCharged':
      return (
        <p role="alert" className={styles.notice}>
          {paymentNotChargedMessage}
        </p>
      );
    default:
      return (
        <div role="alert" className={styles.lost}>
          <p>{notice.kind === 'unknown' ? paymentUnknownMessage : paymentProcessingMessage}</p>
          <Button variant="secondary" size="small" onClick={onCheck}>
            {notice.kind === 'unknown' ? 'Check the payment' : 'Check again'}
          </Button>
        </div>
      );
  }
}
