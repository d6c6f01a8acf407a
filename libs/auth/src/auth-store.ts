import { create } from 'zustand';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthUser {
  email: string;
  displayName: string;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  isAdmin: boolean;
  /** False until GET /admin/{email} has answered for the current user. */
  adminChecked: boolean;
}

/** The one auth state of the shop. A Module Federation singleton: the shell and every remote read this store. */
export const useAuth = create<AuthState>()(() => ({
  status: 'loading',
  user: null,
  isAdmin: false,
  adminChecked: false,
}));

export const ACCESS_TOKEN_KEY = 'accessToken';

export function getAccessToken(): string | null {
  return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function setSignedIn(user: AuthUser, accessToken: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
  const previous = useAuth.getState().user;
  const sameUser = previous?.email === user.email;
  useAuth.setState({
    status: 'signedIn',
    user,
    ...(sameUser ? {} : { isAdmin: false, adminChecked: false }),
  });
}

export function setSignedOut(): void {
  globalThis.localStorage?.removeItem(ACCESS_TOKEN_KEY);
  useAuth.setState({ status: 'signedOut', user: null, isAdmin: false, adminChecked: false });
}
