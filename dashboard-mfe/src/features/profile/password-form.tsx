import { useState, type FormEvent } from 'react';
import { Button, Field } from '@toolshop/ui';
import { validatePassword } from '@toolshop/contracts';
import { useChangePassword } from './api/change-password';
import styles from './profile.module.css';

const CURRENT_REQUIRED = 'Enter your current password';

const fields = [
  {
    key: 'current',
    label: 'Current password',
    name: 'currentPassword',
    autoComplete: 'current-password',
  },
  { key: 'next', label: 'New password', name: 'newPassword', autoComplete: 'new-password' },
] as const;

type Key = (typeof fields)[number]['key'];

/**
 * Changes the password: the current one is required, the new one follows the same rule
 * as at sign-up (checked by the identity provider; its message shows under the form). Every other
 * session of the account is signed out.
 */
export function PasswordForm({ email }: { email: string }) {
  const [values, setValues] = useState<Record<Key, string>>({ current: '', next: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const set = (key: Key, value: string) => setValues((now) => ({ ...now, [key]: value }));
  const change = useChangePassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      current: values.current ? undefined : CURRENT_REQUIRED,
      next: validatePassword(values.next),
    };
    setErrors(found);
    if (found.current || found.next) return;
    change.mutate(
      { email, currentPassword: values.current, newPassword: values.next },
      { onSuccess: () => setValues({ current: '', next: '' }) },
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby="password-form-title"
    >
      <h2 id="password-form-title" className={styles.formTitle}>
        Change your password
      </h2>
      <div className={styles.fields}>
        {fields.map(({ key, ...field }) => (
          <Field
            key={key}
            {...field}
            type="password"
            value={values[key]}
            error={errors[key]}
            onChange={(event) => set(key, event.target.value)}
          />
        ))}
      </div>
      {change.isError && (
        <p role="alert" className={styles.hint}>
          {change.error.message}
        </p>
      )}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}
