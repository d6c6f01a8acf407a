// Ending a session, on its own so that the API client (a 401/403 signs out) and the session (an
// expired token signs out) both use it without importing each other.
import { setSignedOut } from './auth-store';
import { navigateTo } from './navigation';
import { getUserManager } from './user-manager';

export async function signOut(): Promise<void> {
  setSignedOut();
  let manager;
  try {
    manager = await getUserManager();
  } catch {
    return; // oidc-client-ts could not be loaded: nothing of it to clear
  }
  const user = await manager.getUser().catch(() => null);
  await manager.removeUser().catch(() => {});
  if (user?.refresh_token) await manager.revokeTokens(['refresh_token']).catch(() => {});
}

export async function signOutAfterAuthError(): Promise<void> {
  await signOut();
  navigateTo('/');
}
