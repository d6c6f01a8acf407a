import type { UserManager } from 'oidc-client-ts';
import { getRuntimeConfig } from './runtime-config';

export const CALLBACK_PATH = '/auth/callback';

let manager: Promise<UserManager> | null = null;
let managerKey = '';
const setups: Array<(manager: UserManager) => void> = [];

/** Runs `setup` on every UserManager created from now on (e.g. to listen to its token events). */
export function onUserManagerCreated(setup: (manager: UserManager) => void): void {
  setups.push(setup);
}

/** Where oidc-client-ts keeps the signed-in user of this provider and client (its `oidc.` prefix). */
const storedUserKey = () => {
  const { authority, clientId } = getRuntimeConfig();
  return `oidc.user:${authority}:${clientId}`;
};

/** Whether a session of the runtime config's provider may be stored (read synchronously, without oidc-client-ts). */
export function hasStoredUser(): boolean {
  try {
    return globalThis.localStorage?.getItem(storedUserKey()) != null;
  } catch {
    return false;
  }
}

/**
 * oidc-client-ts for the runtime config's provider; the user (with its refresh token) lives in
 * localStorage. The library loads on first use (a sign-in, a stored session, a sign-out), not
 * with the first page: a visitor without a session never downloads it.
 */
export function getUserManager(): Promise<UserManager> {
  const { authority, clientId, resource } = getRuntimeConfig();
  const key = `${authority}|${clientId}`;
  if (manager && managerKey === key) return manager;
  const previous = manager;
  managerKey = key;
  manager = (async () => {
    const [{ UserManager, WebStorageStateStore }] = await Promise.all([
      import('oidc-client-ts'),
      previous?.then((old) => old.stopSilentRenew()).catch(() => {}),
    ]);
    const origin = window.location.origin;
    const created = new UserManager({
      authority,
      client_id: clientId,
      redirect_uri: `${origin}${CALLBACK_PATH}`,
      post_logout_redirect_uri: `${origin}/`,
      response_type: 'code',
      scope: 'openid email profile offline_access',
      userStore: new WebStorageStateStore({ store: window.localStorage }),
      stateStore: new WebStorageStateStore({ store: window.localStorage }),
      // A password sign-in has no provider session: renewal must use the refresh token.
      automaticSilentRenew: true,
      loadUserInfo: false,
      ...(resource ? { resource, extraTokenParams: { resource } } : {}),
    });
    for (const setup of setups) setup(created);
    return created;
  })();
  manager.catch(() => {
    // a failed download is tried again by the next caller
    if (managerKey === key) manager = null;
  });
  return manager;
}
