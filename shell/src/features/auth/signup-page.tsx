import { Link, useNavigate } from 'react-router';
import { signUp } from '@toolshop/auth';
import { validateSignup } from '@toolshop/contracts';
import { Field } from '@toolshop/ui';
import { AuthCard } from './auth-card';
import { useAuthForm } from './use-auth-form';

/** /signup: name, email, password; creates the account, signs in, sets the name, goes to /dashboard. */
export function SignupPage() {
  const navigate = useNavigate();
  const form = useAuthForm({ name: '', email: '', password: '' }, validateSignup, async ({ name, email, password }) => {
    await signUp({ name: name.trim(), email: email.trim(), password });
    navigate('/dashboard', { replace: true });
  });

  return (
    <AuthCard
      title="Sign Up"
      googleReturnTo="/dashboard"
      providerError={form.providerError}
      onProviderError={form.setProviderError}
      onSubmit={form.submit}
      busy={form.busy}
      submitLabel="Sign Up"
      busyLabel="Creating your account…"
      footer={
        <>
          Already have an account? <Link to="/login">Please login</Link>
        </>
      }
    >
      <Field label="Name" autoComplete="name" {...form.field('name')} />
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Field label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
    </AuthCard>
  );
}
