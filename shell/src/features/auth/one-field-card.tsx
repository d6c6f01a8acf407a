import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Field, useDocumentTitle } from '@toolshop/ui';
import { AuthFrame, errorMessage, ProviderError } from './auth-card';
import styles from './auth-form.module.css';

interface OneFieldCardProps {
  title: string;
  field: { label: string; name: string; type: string; autoComplete: string };
  /** The form's own check (the shared rules), before the provider is asked. */
  validate: (value: string) => string | undefined;
  /** Asks the identity provider; resolves with its message, shown instead of the form. */
  send: (value: string) => Promise<string>;
  submitLabel: string;
  busyLabel: string;
  /** Under the card: before and after the provider's answer. */
  footer: (done: boolean) => ReactNode;
}

/** A one-field step of the password reset (/forgot-password, /reset-password): its field, then the provider's answer. */
export function OneFieldCard({
  title,
  field,
  validate,
  send,
  submitLabel,
  busyLabel,
  footer,
}: OneFieldCardProps) {
  useDocumentTitle(title);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [providerError, setProviderError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(value);
    setError(problem);
    setProviderError('');
    if (problem) return;
    setBusy(true);
    try {
      setDone(await send(value));
    } catch (caught) {
      setProviderError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={title}>
      {done ? (
        <p role="status" className={styles.notice}>
          {done}
        </p>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <Field
            {...field}
            value={value}
            error={error}
            onChange={(event) => setValue(event.target.value)}
          />
          <Button type="submit" block disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </form>
      )}
      <ProviderError message={providerError} />
      <p className={styles.switch}>{footer(Boolean(done))}</p>
    </AuthFrame>
  );
}
