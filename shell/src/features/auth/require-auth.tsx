import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@toolshop/auth';
import { Spinner } from '@toolshop/ui';

/** What /login reads to send the user back where they came from. */
export interface LoginState {
  from?: string;
  /** A message of the identity provider from a redirect sign-in that failed. */
  providerError?: string;
}

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

/** Admin routes: a non-admin (per GET /admin/{email}) is sent to /login. */
export function RequireAdmin() {
  const status = useAuth((s) => s.status);
  const isAdmin = useAuth((s) => s.isAdmin);
  const adminChecked = useAuth((s) => s.adminChecked);
  const origin = useOrigin();
  if (status === 'loading' || (status === 'signedIn' && !adminChecked))
    return <Spinner centered label="Checking your access" />;
  if (!isAdmin) return <Navigate to="/login" replace state={origin} />;
  return <Outlet />;
}
