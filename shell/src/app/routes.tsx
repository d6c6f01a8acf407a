import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { CALLBACK_PATH } from '@toolshop/auth';
import { allRoutes, routeTree } from '@toolshop/routes';
import { Spinner } from '@toolshop/ui';
import { RemotePage } from '../composition/remote-page';
import { RequireAdmin, RequireAuth } from '../features/auth/require-auth';
import { AppLayout } from './app-layout';

/**
 * The shell's own pages load when visited: the home page never carries the sign-in forms, their
 * validation and the spec's messages (the home page's JavaScript budget).
 */
function shellPage(load: () => Promise<ComponentType>) {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return (
    <Suspense fallback={<Spinner centered label="Loading page" />}>
      <Page />
    </Suspense>
  );
}

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
      {
        path: 'login',
        element: shellPage(() => import('../features/auth/login-page').then((m) => m.LoginPage)),
      },
      {
        path: 'signup',
        element: shellPage(() => import('../features/auth/signup-page').then((m) => m.SignupPage)),
      },
      {
        path: 'forgot-password',
        element: shellPage(() =>
          import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
        ),
      },
      {
        path: 'reset-password',
        element: shellPage(() =>
          import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
        ),
      },
      {
        path: 'signup/complete',
        element: shellPage(() =>
          import('../features/auth/signup-complete-page').then((m) => m.SignupCompletePage),
        ),
      },
      {
        path: CALLBACK_PATH.slice(1),
        element: shellPage(() =>
          import('../features/auth/auth-callback-page').then((m) => m.AuthCallbackPage),
        ),
      },
      { path: 'profile', element: <ProfileRedirect /> },
      ...remoteRoutes,
      {
        path: '*',
        element: shellPage(() =>
          import('../features/not-found/not-found-page').then((m) => m.NotFoundPage),
        ),
      },
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
