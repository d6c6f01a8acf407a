import { Fragment } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '@toolshop/auth';
import { EmptyState, Spinner } from '@toolshop/ui';

/**
 * The shell shows a page only once the session is known, and its guards keep signed-out users
 * away. A harness signs in and out on the same page, so its pages wait for the session and start
 * afresh for every user: a list fetched while signed out is fetched again after the sign-in.
 */
export function SessionGate({ signInRequired }: { signInRequired: boolean }) {
  const status = useAuth((s) => s.status);
  const email = useAuth((s) => s.user?.email);
  if (status === 'loading') return <Spinner centered label="Loading session" />;
  if (!email && signInRequired) {
    return (
      <EmptyState title="Not signed in">
        These pages need an account: use a demo sign-in above, or any account of the identity
        provider.
      </EmptyState>
    );
  }
  return (
    <Fragment key={email ?? ''}>
      <Outlet />
    </Fragment>
  );
}
