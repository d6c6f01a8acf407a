/** @jest-environment jsdom */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useAuth } from '@toolshop/auth';
import { RequireAdmin, RequireAuth } from './require-auth';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Login() {
  const { state } = useLocation();
  return <p>{`login ${JSON.stringify(state)}`}</p>;
}

const roots: Root[] = [];

/** Renders /dashboard/orders behind `Guard` and returns what shows. */
async function visit(Guard: typeof RequireAuth) {
  const container = document.createElement('div');
  const root = createRoot(container);
  roots.push(root);
  await act(async () => {
    root.render(
      <MemoryRouter initialEntries={['/dashboard/orders?page=2']}>
        <Routes>
          <Route element={<Guard />}>
            <Route path="dashboard/orders" element={<p>the page</p>} />
          </Route>
          <Route path="login" element={<Login />} />
        </Routes>
      </MemoryRouter>,
    );
  });
  return container;
}

const ada = { email: 'ada@example.com', displayName: 'Ada' };
const from = '/dashboard/orders?page=2';

beforeEach(() =>
  useAuth.setState({ status: 'loading', user: null, isAdmin: false, adminChecked: false }),
);
afterEach(() => act(() => roots.splice(0).forEach((root) => root.unmount())));

describe('RequireAuth', () => {
  it('waits for the session, then shows the page', async () => {
    const shown = await visit(RequireAuth);
    expect(shown.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe(
      'Loading your session',
    );
    await act(async () => useAuth.setState({ status: 'signedIn', user: ada }));
    expect(shown.textContent).toBe('the page');
  });

  it('sends a visitor to /login, remembering the page', async () => {
    useAuth.setState({ status: 'signedOut' });
    expect((await visit(RequireAuth)).textContent).toBe(`login {"from":"${from}"}`);
  });
});

describe('RequireAdmin', () => {
  it('waits for the admin check, then shows an admin the page', async () => {
    useAuth.setState({ status: 'signedIn', user: ada });
    const shown = await visit(RequireAdmin);
    expect(shown.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe(
      'Checking your access',
    );
    await act(async () => useAuth.setState({ isAdmin: true, adminChecked: true }));
    expect(shown.textContent).toBe('the page');
  });

  it('sends a signed-in customer to /login saying why, a visitor without a reason', async () => {
    useAuth.setState({ status: 'signedIn', user: ada, adminChecked: true });
    expect((await visit(RequireAdmin)).textContent).toBe(
      `login {"from":"${from}","reason":"adminOnly"}`,
    );
    await act(async () =>
      useAuth.setState({ status: 'signedOut', user: null, adminChecked: false }),
    );
    expect((await visit(RequireAdmin)).textContent).toBe(`login {"from":"${from}"}`);
  });
});
