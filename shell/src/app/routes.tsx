import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { CALLBACK_PATH } from '@toolshop/auth';
import { allRoutes, routeTree } from '@toolshop/routes';
import { RemotePage } from '../composition/remote-page';
import { AuthCallbackPage } from '../features/auth/auth-callback-page';
import { LoginPage } from '../features/auth/login-page';
import { RequireAdmin, RequireAuth } from '../features/auth/require-auth';
import { SignupPage } from '../features/auth/signup-page';
import { AppLayout } from './app-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';

/** The identity provider's verification link ends at /profile?emailVerified=1: the profile is /dashboard. */
export function ProfileRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={`/dashboard${search}${hash}`} replace />;
}

/**
 * The remotes' pages, built from their route tables (libs/routes): each loaded by its exposed
 * name, the pages that need a session or admin rights behind the guard of that access.
 */
const remoteRoutes = routeTree(allRoutes(), {
  page: ({ remote, page, layout }) => <RemotePage remote={remote} exposed={page} layout={layout} />,
  guard: (access) => (access === 'admin' ? <RequireAdmin /> : <RequireAuth />),
});

/** The route map of SPEC §2: the shell's own pages, and the remotes' pages of their route tables. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: CALLBACK_PATH.slice(1), element: <AuthCallbackPage /> },
      { path: 'profile', element: <ProfileRedirect /> },
      ...remoteRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The shop's routes in the router the page provides (BrowserRouter, or a MemoryRouter in the
 * prerender): a declarative router, so the shared react-router needs no data-router code.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
