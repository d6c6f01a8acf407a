/** What /login reads to send the user back where they came from. */
export interface LoginState {
  from?: string;
  /** A message of the identity provider from a redirect sign-in that failed. */
  providerError?: string;
  /** Why a signed-in user was sent here: an admin route turned them away. */
  reason?: 'adminOnly';
}

/** Shown on /login to a signed-in user whom an admin route sent there. */
export const adminOnlyMessage =
  'This page is for admins. You are signed in without admin rights: sign in as an admin to open it.';

const authPaths = new Set(['/login', '/signup']);

/** The state the navbar's Login link carries: the page the user is on (never /login or /signup themselves). */
export function loginStateFor(location: {
  pathname: string;
  search: string;
  hash: string;
}): LoginState | undefined {
  if (authPaths.has(location.pathname)) return undefined;
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * Where /login sends a user who is already signed in: where they were going (or home), except when an
 * admin route sent them here (going back would only bounce them to /login again), which keeps the form.
 */
export function signedInLoginTarget(state: LoginState | null | undefined): string | null {
  if (state?.reason === 'adminOnly') return null;
  const from = state?.from;
  return from && !authPaths.has(from.split(/[?#]/)[0] ?? '') ? from : '/';
}

/** The first field, in the form's order, that has an error (to move focus there after a failed submit). */
export function firstInvalidField<F extends string>(
  order: readonly F[],
  errors: Partial<Record<F, unknown>>,
): F | undefined {
  return order.find((name) => errors[name]);
}
