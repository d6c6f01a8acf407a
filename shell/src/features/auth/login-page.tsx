import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { signInWithPassword, useAuth } from '@toolshop/auth';
import { validateLogin } from '@toolshop/contracts';
import { Field } from '@toolshop/ui';
import { AuthCard } from './auth-card';
import {
  adminOnlyMessage,
  cameToOrder,
  orderSignInMessage,
  signedInLoginTarget,
  type LoginState,
} from '../../lib/login-state';
import { useAuthForm } from './use-auth-form';
import styles from './auth-form.module.css';

/**
 * /login: email + password (password grant), the Google option; back to the origin afterwards.
 * A signed-in user goes on to the origin (or home), unless an admin route sent them: then it says why.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const state = useLocation().state as LoginState | null;
  const signedIn = useAuth((s) => s.status === 'signedIn');
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

  const target = signedIn && !form.busy ? signedInLoginTarget(state) : null;
  if (target) return <Navigate to={target} replace />;

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
      notice={
        signedIn && state?.reason === 'adminOnly'
          ? adminOnlyMessage
          : cameToOrder(state)
            ? orderSignInMessage
            : undefined
      }
      footer={
        <>
          New to Toolshop?{' '}
          <Link to="/signup" state={state?.from ? { from: state.from } : undefined}>
            Create New Account
          </Link>
        </>
      }
    >
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <Link to="/forgot-password" className={styles.forgot}>
        Forgot password?
      </Link>
    </AuthCard>
  );
}
