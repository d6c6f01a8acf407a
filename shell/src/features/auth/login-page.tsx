import { Link, useLocation, useNavigate } from 'react-router';
import { signInWithPassword } from '@toolshop/auth';
import { validateLogin } from '@toolshop/contracts';
import { Field } from '@toolshop/ui';
import { AuthCard } from './auth-card';
import type { LoginState } from './require-auth';
import { useAuthForm } from './use-auth-form';

/** /login: email + password (password grant), the Google option; back to the origin afterwards. */
export function LoginPage() {
  const navigate = useNavigate();
  const state = useLocation().state as LoginState | null;
  const from = state?.from ?? '/';
  const form = useAuthForm(
    { email: '', password: '' },
    validateLogin,
    async ({ email, password }) => {
      await signInWithPassword(email.trim(), password);
      navigate(from, { replace: true });
    },
    state?.providerError,
  );

  return (
    <AuthCard
      title="Login"
      googleReturnTo={from}
      providerError={form.providerError}
      onProviderError={form.setProviderError}
      onSubmit={form.submit}
      busy={form.busy}
      submitLabel="Login"
      busyLabel="Signing in…"
      footer={
        <>
          New to Toolshop? <Link to="/signup">Create New Account</Link>
        </>
      }
    >
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Field label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
    </AuthCard>
  );
}
