/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useAuth } from '@toolshop/auth';
import { setRuntimeConfig } from '../runtime-config';
import { defaultDemoAccounts, demoAccounts } from './harness-config';
import { SessionGate } from './session-gate';

let mounts = 0;
function Page() {
  const [mount] = useState(() => ++mounts);
  return <p>page, mount {mount}</p>;
}

function renderGate(signInRequired: boolean) {
  const router = createMemoryRouter([
    {
      element: <SessionGate signInRequired={signInRequired} />,
      children: [{ index: true, element: <Page /> }],
    },
  ]);
  return render(<RouterProvider router={router} />);
}

const signInAs = (email: string) =>
  act(() => useAuth.setState({ status: 'signedIn', user: { email, displayName: '' } }));

describe('harness session gate', () => {
  beforeEach(() => {
    mounts = 0;
    useAuth.setState({ status: 'loading', user: null });
  });

  it('shows the page only once the session is known, and afresh for each user', () => {
    renderGate(false);
    expect(screen.getByRole('status', { name: 'Loading session' })).toBeTruthy();
    expect(screen.queryByText(/^page, mount/)).toBeNull();

    act(() => useAuth.setState({ status: 'signedOut' }));
    expect(screen.getByText('page, mount 1')).toBeTruthy();
    signInAs('a@b.co');
    expect(screen.getByText('page, mount 2')).toBeTruthy();
    signInAs('c@d.co');
    expect(screen.getByText('page, mount 3')).toBeTruthy();
  });

  it('keeps pages that need an account from signed-out users', () => {
    useAuth.setState({ status: 'signedOut' });
    renderGate(true);
    expect(screen.getByText('Not signed in')).toBeTruthy();
    expect(screen.queryByText(/^page, mount/)).toBeNull();
    signInAs('a@b.co');
    expect(screen.getByText('page, mount 1')).toBeTruthy();
  });
});

describe('harness demo accounts', () => {
  it("are the identity provider's defaults unless /config.json names others", () => {
    setRuntimeConfig({});
    expect(demoAccounts()).toEqual(defaultDemoAccounts);

    const admin = { email: 'boss@shop.test', password: 'secret-1' };
    setRuntimeConfig({ demoAccounts: { admin } } as object);
    expect(demoAccounts()).toEqual({ admin, customer: defaultDemoAccounts.customer });
  });
});
