import { useState, type FormEvent } from 'react';
import { validateEmail } from '@toolshop/contracts';
import { Button, Field } from '@toolshop/ui';
import styles from './make-admin.module.css';

/**
 * Assign Admin by email, for a user who is not on the page of the table being shown. The box is
 * cleared once the API has made that user an admin (a refusal keeps it, to correct it).
 */
export function AssignAdminForm({
  onAssign,
}: {
  onAssign: (email: string, onAssigned: () => void) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setError(problem);
    if (!problem) onAssign(email.trim().toLowerCase(), () => setEmail(''));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Assign Admin by email">
      <Field
        className={styles.email}
        label="Email of the user"
        name="email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event: { target: { value: string } }) => setEmail(event.target.value)}
        error={error}
      />
      <Button type="submit">Assign Admin</Button>
    </form>
  );
}
