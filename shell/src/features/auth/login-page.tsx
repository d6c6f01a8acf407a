import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { signInWithPassword } from '@toolshop/auth';
import { validateLogin, type FieldErrors } from '@toolshop/contracts';
import { Button, Field } from '@toolshop/ui';
import { AuthCard, errorMessage } from './auth-card';
import type { LoginState } from './require-auth';
import styles from './auth-form.module.css';

/** /login: email + password (password grant), the Google option; back to the origin afterwards. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginState | null)?.from ?? '/';
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [providerError, setProviderError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    setProviderError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signInWithPassword(values.email.trim(), values.password);
      navigate(from, { replace: true });
    } catch (caught) {
      setProviderError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Login"
      googleReturnTo={from}
      providerError={providerError}
      onProviderError={setProviderError}
      footer={
        <>
          New to Toolshop? <Link to="/signup">Create New Account</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? 'Signing in…' : 'Login'}
        </Button>
      </form>
    </AuthCard>
  );
}
