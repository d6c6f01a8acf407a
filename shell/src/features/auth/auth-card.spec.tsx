/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { setRuntimeConfig, type RuntimeConfig } from '@toolshop/auth';
import { AuthCard } from './auth-card';
import { googleSignInEnabled } from './google-sign-in';

const withGoogle = (googleSignIn: unknown) => ({ googleSignIn }) as Partial<RuntimeConfig>;

// Rendered in the browser: a prerender (built without /config.json) carries the option until hydrated.
const card = () =>
  render(
    <AuthCard
      title="Login"
      googleReturnTo="/"
      providerError=""
      onProviderError={() => undefined}
      onSubmit={() => undefined}
      busy={false}
      submitLabel="Login"
      busyLabel="Signing in…"
      footer="New to Toolshop?"
    >
      <input name="email" />
    </AuthCard>,
  ).container.innerHTML;

afterEach(() => setRuntimeConfig({}));

describe('the Google sign-in option', () => {
  it('shows when /config.json does not mention it (older deployments)', () => {
    setRuntimeConfig({});
    expect(googleSignInEnabled()).toBe(true);
    expect(card()).toContain('Continue with Google');
  });

  it('shows when /config.json turns it on', () => {
    setRuntimeConfig(withGoogle(true));
    expect(card()).toContain('Continue with Google');
  });

  it('is hidden, with its divider, when /config.json has googleSignIn: false', () => {
    setRuntimeConfig(withGoogle(false));
    expect(googleSignInEnabled()).toBe(false);
    const html = card();
    expect(html).not.toContain('Google');
    expect(html).not.toContain('>OR<');
    expect(html).toContain('Login');
  });
});
