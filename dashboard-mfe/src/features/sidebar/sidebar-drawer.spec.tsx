import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useAuth } from '@toolshop/auth';
import { signInAs, useFakeShop } from '@toolshop/auth/testing';
import { SidebarDrawer } from './sidebar-drawer';

useFakeShop();

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {/* Like the shell: the sidebar sits in the /dashboard layout route, above its children. */}
        <Route path="/dashboard" element={<SidebarDrawer />}>
          <Route index element={null} />
          <Route path=":child" element={null} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const linkNames = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('SidebarDrawer', () => {
  it('shows a customer their profile, the review form, their orders, quick order and saved lists', () => {
    signInAs('customer');
    renderAt('/dashboard');
    expect(linkNames()).toEqual([
      'My Profile',
      'My Company',
      'Add A Review',
      'My Orders',
      'Quick Order',
      'Saved Lists',
      'Quotes',
    ]);
  });

  it('shows an admin the management pages instead', () => {
    signInAs('admin');
    renderAt('/dashboard');
    expect(linkNames()).toEqual([
      'My Profile',
      'Make Admin',
      'Companies',
      'Add A Product',
      'Manage Products',
      'Manage All Orders',
      'Manage Reviews',
      'Manage Quotes',
      'Audit Log',
      'Remote Releases',
    ]);
  });

  it('shows no role-specific links before the admin check has answered', () => {
    signInAs('admin');
    useAuth.setState({ adminChecked: false });
    renderAt('/dashboard');
    expect(linkNames()).toEqual(['My Profile']);
  });

  it('links relative to the dashboard and marks the current page', () => {
    signInAs('customer');
    renderAt('/dashboard/myOrders');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrders',
    );
    expect(screen.getByRole('link', { name: 'My Profile' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/dashboard');
  });

  it('opens as a drawer from the menu button and closes on Escape, giving focus back', async () => {
    const user = userEvent.setup();
    signInAs('customer');
    renderAt('/dashboard');
    const toggle = screen.getByRole('button', { name: 'Dashboard menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the drawer once a link is chosen', async () => {
    const user = userEvent.setup();
    signInAs('customer');
    renderAt('/dashboard');
    const toggle = screen.getByRole('button', { name: 'Dashboard menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Add A Review' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Add A Review' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
