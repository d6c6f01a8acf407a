import { useAuth, type AuthStatus } from '@toolshop/auth';

/**
 * A cookie that tells the shell's server this browser holds a session (a hint, no credential: the
 * tokens stay in the page). Without it, a login-required page is sent as the prerendered sign-in
 * page, which is what a visitor is shown there (prerendered/pages.json, `signIn`).
 */
export const SESSION_HINT_COOKIE = 'toolshop_signed_in';
/** As long as a session can be renewed without signing in again; a stale hint costs only the slow path. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function writeHint(status: AuthStatus) {
  if (status === 'loading') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = status === 'signedIn' ? `1; Max-Age=${MAX_AGE_SECONDS}` : '; Max-Age=0';
  document.cookie = `${SESSION_HINT_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}

/** Keeps the hint in step with the session: set on sign-in, removed on sign-out. */
export function keepSessionHint(): void {
  writeHint(useAuth.getState().status);
  useAuth.subscribe(({ status }, previous) => {
    if (status !== previous.status) writeHint(status);
  });
}
