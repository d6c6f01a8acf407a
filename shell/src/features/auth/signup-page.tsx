import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { signUp } from '@toolshop/auth';
import { validateSignup } from '@toolshop/contracts';
import { Field, useDocumentTitle, useHydrated } from '@toolshop/ui';
import { AuthCard, AuthFrame } from './auth-card';
import {
  cameToOrder,
  orderSignInMessage,
  referredFrom,
  rememberSignupReturn,
  sameSitePath,
  type LoginState,
} from '../../lib/login-state';
import { useAuthForm } from './use-auth-form';
import styles from './auth-form.module.css';

/**
 * /signup: name, email, password. The provider answers every sign-up alike, registered address or
 * not (no enumeration), so the page says to check the inbox; the mailed link makes the account
 * and signs in at /signup/complete, which goes on to /dashboard.
 */
export function SignupPage() {
  const [sent, setSent] = useState('');
  const location = useLocation();
  const state = location.state as LoginState | null;
  // A full load of /signup (the document's first entry) without a return target: the page it was
  // asked from, once hydrated (the prerendered page knows no referrer).
  const referred =
    useHydrated() && location.key === 'default'
      ? referredFrom(document.referrer, window.location.origin)
      : undefined;
  const from = sameSitePath(state?.from) ?? referred;
  const form = useAuthForm(
    { name: '', email: '', password: '' },
    validateSignup,
    async ({ name, email, password }) => {
      rememberSignupReturn(from);
      setSent(await signUp({ name: name.trim(), email: email.trim(), password, returnTo: from }));
    },
  );

  if (sent) return <CheckInbox message={sent} />;
  return (
    <AuthCard
      title="Sign Up"
      googleReturnTo={from ?? '/dashboard'}
      notice={cameToOrder({ from }) ? orderSignInMessage : undefined}
      providerError={form.providerError}
      onProviderError={form.setProviderError}
      onSubmit={form.submit}
      busy={form.busy}
      submitLabel="Sign Up"
      busyLabel="Creating your account…"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={from ? { from } : undefined}>
            Please login
          </Link>
        </>
      }
    >
      <Field label="Name" autoComplete="name" {...form.field('name')} />
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
    </AuthCard>
  );
}

function CheckInbox({ message }: { message: string }) {
  useDocumentTitle('Check your inbox');
  return (
    <AuthFrame title="Check your inbox">
      <p role="status" className={styles.notice}>
        {message}
      </p>
      <p className={styles.switch}>
        Already have an account? <Link to="/login">Please login</Link>
      </p>
    </AuthFrame>
  );
}
