import { Fragment, type ReactNode } from 'react';
import { useAuth } from '@toolshop/auth';
import { EmptyState, Spinner } from '@toolshop/ui';

/**
 * In the shell the guards render admin pages only for a signed-in admin. The harness signs in and
 * out on the same page, so each page waits for a session and starts afresh for every user.
 */
export function SessionBoundary({ children }: { children: ReactNode }) {
  const status = useAuth((s) => s.status);
  const email = useAuth((s) => s.user?.email);
  if (status === 'loading') return <Spinner centered label="Loading session" />;
  if (!email) {
    return (
      <EmptyState title="Not signed in">
        Use the dev sign-in above: the demo admin to work with these pages, a customer to see the
        API refuse them.
      </EmptyState>
    );
  }
  return <Fragment key={email}>{children}</Fragment>;
}
