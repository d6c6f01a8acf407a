import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { getRuntimeConfig } from './runtime-config';

export const CALLBACK_PATH = '/auth/callback';

let manager: UserManager | null = null;
let managerKey = '';

/** oidc-client-ts for the runtime config's provider; the user (with its refresh token) lives in localStorage. */
export function getUserManager(): UserManager {
  const { authority, clientId, resource } = getRuntimeConfig();
  const key = `${authority}|${clientId}`;
  if (manager && managerKey === key) return manager;
  manager?.stopSilentRenew();
  const origin = window.location.origin;
  manager = new UserManager({
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
  managerKey = key;
  return manager;
}
