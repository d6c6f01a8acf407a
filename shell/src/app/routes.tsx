import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
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
export function profileRedirect({ request }: LoaderFunctionArgs): Response {
  const { search, hash } = new URL(request.url);
  return redirect(`/dashboard${search}${hash}`);
}

/**
 * The remotes' pages, built from their route tables (libs/routes): each loaded by its exposed
 * name, the pages that need a session or admin rights behind the guard of that access.
 */
const remoteRoutes = routeTree(allRoutes(), {
  page: ({ remote, page }) => <RemotePage remote={remote} exposed={page} />,
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
      { path: 'profile', loader: profileRedirect },
      ...remoteRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
