import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@toolshop/auth';
import { Spinner } from '@toolshop/ui';
import type { LoginState } from '../../lib/login-state';

function useOrigin(): LoginState {
  const location = useLocation();
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Login-required routes: a spinner while the session loads, else /login remembering the origin. */
export function RequireAuth() {
  const status = useAuth((s) => s.status);
  const origin = useOrigin();
  if (status === 'loading') return <Spinner centered label="Loading your session" />;
  if (status === 'signedOut') return <Navigate to="/login" replace state={origin} />;
  return <Outlet />;
}

/** Admin routes: a non-admin (per GET /admin/{email}) is sent to /login, which says why to a signed-in one. */
export function RequireAdmin() {
  const status = useAuth((s) => s.status);
  const isAdmin = useAuth((s) => s.isAdmin);
  const adminChecked = useAuth((s) => s.adminChecked);
  const origin = useOrigin();
  if (status === 'loading' || (status === 'signedIn' && !adminChecked))
    return <Spinner centered label="Checking your access" />;
  if (!isAdmin) {
    const state: LoginState = status === 'signedIn' ? { ...origin, reason: 'adminOnly' } : origin;
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
