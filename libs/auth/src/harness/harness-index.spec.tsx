/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { HarnessIndex } from './harness-index';

// The dashboard and admin harnesses were blank at `/`: their pages live under /dashboard.
describe('harness index', () => {
  const links = { Profile: '/dashboard/profile', 'My orders': '/dashboard/my-orders' };
  const open = (path: string) => {
    const routes: RouteObject[] = [
      { path: '/dashboard/profile', element: <p>profile page</p> },
      { path: '*', element: <HarnessIndex title="dashboard" links={links} /> },
    ];
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
  };

  it('shows at / where the pages are, one link each', () => {
    open('/');
    expect(screen.getByRole('heading', { name: "The dashboard remote's pages" })).toBeTruthy();
    expect(screen.getByText(/This harness serves them at the shell’s paths/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Profile /dashboard/profile' }).getAttribute('href'),
    ).toBe('/dashboard/profile');
    expect(
      screen.getByRole('link', { name: 'My orders /dashboard/my-orders' }).getAttribute('href'),
    ).toBe('/dashboard/my-orders');
  });

  it('names an unknown path; a page of the remote is shown as it is', () => {
    open('/nowhere');
    expect(screen.getByText(/No page of the dashboard remote is at \/nowhere/)).toBeTruthy();
  });
});
