import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { CALLBACK_PATH } from '@toolshop/auth';
import { RemotePage } from '../composition/remote-page';
import { AuthCallbackPage } from '../features/auth/auth-callback-page';
import { LoginPage } from '../features/auth/login-page';
import { RequireAdmin, RequireAuth } from '../features/auth/require-auth';
import { SignupPage } from '../features/auth/signup-page';
import { AppLayout } from '../features/layout/app-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';

/** The identity provider's verification link ends at /profile?emailVerified=1: the profile is /dashboard. */
export function profileRedirect({ request }: LoaderFunctionArgs): Response {
  const { search, hash } = new URL(request.url);
  return redirect(`/dashboard${search}${hash}`);
}

/** The route map of SPEC §2: the shell's own pages, and the remotes' exposed route elements. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <RemotePage remote="storefront" exposed="HomePage" /> },
      { path: 'blogs', element: <RemotePage remote="storefront" exposed="BlogsPage" /> },
      { path: 'portfolio', element: <RemotePage remote="storefront" exposed="PortfolioPage" /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: CALLBACK_PATH.slice(1), element: <AuthCallbackPage /> },
      { path: 'profile', loader: profileRedirect },
      {
        element: <RequireAuth />,
        children: [
          { path: 'tools/:toolId', element: <RemotePage remote="storefront" exposed="ToolDetailPage" /> },
          {
            path: 'dashboard',
            element: <RemotePage remote="dashboard" exposed="DashboardLayout" />,
            children: [
              { index: true, element: <RemotePage remote="dashboard" exposed="ProfilePage" /> },
              { path: 'review', element: <RemotePage remote="dashboard" exposed="AddReviewPage" /> },
              { path: 'myOrders', element: <RemotePage remote="dashboard" exposed="MyOrdersPage" /> },
              { path: 'payment/:id', element: <RemotePage remote="dashboard" exposed="PaymentPage" /> },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'users', element: <RemotePage remote="admin" exposed="MakeAdminPage" /> },
                  { path: 'addProduct', element: <RemotePage remote="admin" exposed="AddProductPage" /> },
                  { path: 'manageProducts', element: <RemotePage remote="admin" exposed="ManageProductsPage" /> },
                  { path: 'manageOrders', element: <RemotePage remote="admin" exposed="ManageOrdersPage" /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
