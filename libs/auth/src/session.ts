import type { User } from 'oidc-client-ts';
import { messageOf } from './api-error';
import { serviceRequest } from './service-request';
import { setSignedIn, setSignedOut, useAuth, type AuthUser } from './auth-store';
import { getRuntimeConfig } from './runtime-config';
import { getUserManager, hasStoredUser, onUserManagerCreated } from './user-manager';
import { api } from './api-client';
import { signOut } from './sign-out';

export { signOut };

function toAuthUser(user: User, fallbackEmail = ''): AuthUser {
  const profile = user.profile;
  const email = typeof profile.email === 'string' ? profile.email : fallbackEmail;
  const displayName = typeof profile.name === 'string' ? profile.name : '';
  return { email, displayName };
}

async function checkAdmin(email: string): Promise<void> {
  try {
    const { admin } = await api.get<{ admin: boolean }>(`/admin/${encodeURIComponent(email)}`);
    if (useAuth.getState().user?.email === email)
      useAuth.setState({ isAdmin: admin === true, adminChecked: true });
  } catch {
    if (useAuth.getState().user?.email === email)
      useAuth.setState({ isAdmin: false, adminChecked: true });
  }
}

/** SPEC §3: after a sign-in the backend receives `{ email }` for the user record keyed by email. */
async function upsertUserRecord(email: string): Promise<void> {
  try {
    await api.put(`/users?email=${encodeURIComponent(email)}`, { email }, { idempotent: true });
  } catch {
    // the record is created again at the next sign-in; not a reason to fail the sign-in
  }
}

async function adoptUser(
  user: User,
  fallbackEmail?: string,
  afterSignIn = false,
): Promise<AuthUser> {
  const authUser = toAuthUser(user, fallbackEmail);
  setSignedIn(authUser, user.access_token);
  if (afterSignIn && authUser.email) await upsertUserRecord(authUser.email);
  void checkAdmin(authUser.email);
  return authUser;
}

// Every manager keeps SPEC §3's token in step with its renewals, whenever it is created.
onUserManagerCreated((manager) => {
  manager.events.addUserLoaded((user) => {
    // silent renewal: keep the token of SPEC §3 in step with the renewed one
    if (useAuth.getState().status === 'signedIn')
      setSignedIn(toAuthUser(user, useAuth.getState().user?.email), user.access_token);
  });
  // A failed renewal is retried by the next timer; only a token that has really expired ends the session.
  manager.events.addAccessTokenExpired(() => void signOut());
});

let initialised: Promise<void> | null = null;

/**
 * Restores the session kept in localStorage (renewing it with the refresh token if needed). Call once
 * at start. Without a stored session the visitor is signed out at once (synchronously, before the
 * first render) and oidc-client-ts is not loaded at all.
 */
export function initAuth(): Promise<void> {
  if (!initialised && !hasStoredUser()) {
    setSignedOut();
    initialised = Promise.resolve();
  }
  initialised ??= (async () => {
    try {
      const manager = await getUserManager();
      try {
        let user = await manager.getUser();
        if (user?.expired && user.refresh_token) user = await manager.signinSilent();
        if (user && !user.expired) await adoptUser(user);
        else {
          await manager.removeUser();
          setSignedOut();
        }
      } catch {
        await manager.removeUser().catch(() => {});
        setSignedOut();
      }
    } catch {
      setSignedOut();
    }
  })();
  return initialised;
}

/** Email + password sign-in (password grant). Throws an Error carrying the identity provider's message. */
export async function signInWithPassword(email: string, password: string): Promise<AuthUser> {
  const user = await (
    await getUserManager()
  ).signinResourceOwnerCredentials({ username: email, password, skipUserInfo: true });
  return adoptUser(user, email, true);
}

async function providerRequest(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  token?: string,
): Promise<unknown> {
  const answer = await serviceRequest('identity', path, {
    method,
    body,
    token,
    fallback: (status) => `The identity provider answered ${status}`,
  });
  return answer.body;
}

/**
 * Asks the identity provider for an account. It answers the same whether or not the address is
 * registered (no address is revealed): "check your inbox". The mailed link makes the account and comes back to
 * /signup/complete, which signs in with `signInWithSignupTicket`. Resolves with the provider's message.
 * `returnTo` (a path of the shop) is kept with the pending sign-up and comes back with the link's
 * ticket, so the link lands there in any browser.
 */
export async function signUp({
  name,
  email,
  password,
  returnTo,
}: {
  name: string;
  email: string;
  password: string;
  returnTo?: string;
}): Promise<string> {
  const answer = await providerRequest('POST', '/accounts', {
    name,
    email,
    password,
    ...(returnTo ? { returnTo } : {}),
  });
  return messageOf(answer, 'Check your inbox to finish signing up.');
}

/** Asks the provider to mail a password reset link; the same answer for any address (its message). */
export async function requestPasswordReset(email: string): Promise<string> {
  return messageOf(
    await providerRequest('POST', '/accounts/password-reset', { email }),
    'Check your inbox.',
  );
}

/** Sets a new password with the token of a reset link; every session ends (sign in again). */
export async function completePasswordReset(token: string, password: string): Promise<string> {
  const answer = await providerRequest('POST', '/accounts/password-reset/complete', {
    token,
    password,
  });
  return messageOf(answer, 'Your password was changed.');
}

/**
 * Changes the signed-in user's password (the current one required). The provider ends every
 * session of the account, so this browser signs in again with the new password.
 */
export async function changePassword(
  email: string,
  currentPassword: string,
  newPassword: string,
): Promise<string> {
  const token = localStorage.getItem('accessToken') ?? undefined;
  const answer = await providerRequest(
    'POST',
    '/accounts/me/password',
    { currentPassword, newPassword },
    token,
  );
  await signInWithPassword(email, newPassword);
  return messageOf(answer, 'Your password was changed.');
}

/**
 * Finishes a sign-up: the one-time ticket of its mailed link, redeemed through the authorization
 * code flow (parameter `login_ticket`); the answer comes back to /auth/callback, then `returnTo`.
 */
export async function signInWithSignupTicket(
  ticket: string,
  returnTo = '/dashboard',
): Promise<void> {
  await (
    await getUserManager()
  ).signinRedirect({ extraQueryParams: { login_ticket: ticket }, state: { returnTo } });
}

/** Redirects to the provider with the Google hint (its parameter name from the runtime config); the answer comes back to /auth/callback. */
export async function signInWithGoogle(returnTo = '/'): Promise<void> {
  const { idpHintParam } = getRuntimeConfig();
  await (
    await getUserManager()
  ).signinRedirect({ extraQueryParams: { [idpHintParam]: 'google' }, state: { returnTo } });
}

/** Completes the code + PKCE flow at /auth/callback; resolves with the path to go back to. */
export async function completeRedirectSignIn(url = window.location.href): Promise<string> {
  const user = await (await getUserManager()).signinCallback(url);
  if (!user) return '/';
  await adoptUser(user, undefined, true);
  const state = user.state as { returnTo?: unknown } | undefined;
  return typeof state?.returnTo === 'string' ? state.returnTo : '/';
}
