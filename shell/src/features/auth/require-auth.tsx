import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@toolshop/auth';
import { Spinner } from '@toolshop/ui';
import type { LoginState } from '../../lib/login-state';

function useOrigin(): LoginState {
  const location = useLocation();
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * Login-required routes: a spinner while the session loads, else /login remembering the origin. The
 * status is deferred: the session's arrival then mounts the page in a background pass, in slices,
 * not in one synchronous task (a store's change renders at once).
 */
export function RequireAuth() {
  const status = useDeferredValue(useAuth((s) => s.status));
  const origin = useOrigin();
  if (status === 'loading') return <Spinner centered label="Loading your session" />;
  if (status === 'signedOut') return <Navigate to="/login" replace state={origin} />;
  return <Outlet />;
}

/** Where the session and the admin check (GET /admin/{email}) stand, as one value. */
type AdminAccess = 'checking' | 'admin' | 'notAdmin' | 'signedOut';

/**
 * Admin routes: a non-admin is sent to /login, which says why to a signed-in one. Deferred as
 * RequireAuth's status is.
 */
export function RequireAdmin() {
  const access = useDeferredValue(
    useAuth((s): AdminAccess => {
      if (s.status === 'loading' || (s.status === 'signedIn' && !s.adminChecked)) return 'checking';
      if (s.isAdmin) return 'admin';
      return s.status === 'signedIn' ? 'notAdmin' : 'signedOut';
    }),
  );
  const origin = useOrigin();
  if (access === 'checking') return <Spinner centered label="Checking your access" />;
  if (access !== 'admin') {
    const state: LoginState = access === 'notAdmin' ? { ...origin, reason: 'adminOnly' } : origin;
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
