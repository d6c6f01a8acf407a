import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { signUp } from '@toolshop/auth';
import { validateSignup, type FieldErrors } from '@toolshop/contracts';
import { Button, Field } from '@toolshop/ui';
import { AuthCard, errorMessage } from './auth-card';
import styles from './auth-form.module.css';

/** /signup: name, email, password; creates the account, signs in, sets the name, goes to /dashboard. */
export function SignupPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'name' | 'email' | 'password'>>({});
  const [providerError, setProviderError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    setProviderError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signUp({ name: values.name.trim(), email: values.email.trim(), password: values.password });
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      setProviderError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Sign Up"
      googleReturnTo="/dashboard"
      providerError={providerError}
      onProviderError={setProviderError}
      footer={
        <>
          Already have an account? <Link to="/login">Please login</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
        />
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
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? 'Creating your account…' : 'Sign Up'}
        </Button>
      </form>
    </AuthCard>
  );
}
