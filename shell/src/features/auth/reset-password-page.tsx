import { useState } from 'react';
import { Link } from 'react-router';
import { completePasswordReset } from '@toolshop/auth';
import { validatePassword } from '@toolshop/contracts';
import { OneFieldCard } from './one-field-card';

/** The token of `/reset-password#token=…` (the mailed link; a fragment never reaches a server). */
export function resetTokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

const field = {
  label: 'New password',
  name: 'password',
  type: 'password',
  autoComplete: 'new-password',
};

/**
 * /reset-password: the new password for the account of the mailed link. The provider checks it
 * with the same rule as at sign-up, uses the link once and signs out every session; then sign in.
 */
export function ResetPasswordPage() {
  const [token] = useState(() => resetTokenOf(window.location.hash));
  return (
    <OneFieldCard
      title="Choose a new password"
      field={field}
      validate={validatePassword}
      send={(password) => completePasswordReset(token, password)}
      submitLabel="Save the new password"
      busyLabel="Saving…"
      footer={(done) =>
        done ? (
          <Link to="/login">Sign in</Link>
        ) : (
          <Link to="/forgot-password">Ask for a new link</Link>
        )
      }
    />
  );
}
