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

/** Shown on /login and /signup when a tool page (a visitor's "Buy Now") sent the visitor there. */
export const orderSignInMessage = 'Sign in to order — it takes a minute to create an account';

/** Whether `from` is a tool page: the visitor wanted to order. */
export function cameToOrder(state: LoginState | null | undefined): boolean {
  return /^\/tools\/[^/?#]+/.test(state?.from ?? '');
}

/**
 * `path` when it is a path of this site ("/tools/1?x#y"), else undefined: never another origin
 * ("//evil.test", "/\\evil.test", "https://…"), so a carried return target cannot redirect off-site.
 */
export function sameSitePath(path: unknown): string | undefined {
  if (typeof path !== 'string' || path.length > 512) return undefined;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  if ([...path].some((c) => c < ' ' || c === '\\')) return undefined;
  return path;
}

const authPaths = new Set(['/login', '/signup']);

/** Whether a path (with or without its query and hash) is the sign-in or sign-up page. */
const isAuthPage = (path: string): boolean => authPaths.has(path.split(/[?#]/)[0] ?? '');

/**
 * The page of this site a full load came from (`document.referrer`), else undefined: the sign-in
 * page the server sends at a login-required address has a plain "Create New Account" link until
 * React runs it, which carries no state. Never /login or /signup themselves, never another origin.
 */
export function referredFrom(referrer: string, origin: string): string | undefined {
  if (!referrer.startsWith(`${origin}/`)) return undefined;
  const path = referrer.slice(origin.length);
  return isAuthPage(path) ? undefined : sameSitePath(path);
}

const signupReturnKey = 'toolshop.signupReturn';

/** Remembers where to go once the mailed sign-up link is followed (the link may open in another tab). */
export function rememberSignupReturn(from: string | undefined): void {
  try {
    const path = sameSitePath(from);
    if (path) localStorage.setItem(signupReturnKey, path);
    else localStorage.removeItem(signupReturnKey);
  } catch {
    // storage off: after sign-up the user lands on /dashboard as the spec says
  }
}

/** The remembered return target of a sign-up (once), validated again as a same-site path. */
export function takeSignupReturn(): string | undefined {
  try {
    const path = localStorage.getItem(signupReturnKey);
    localStorage.removeItem(signupReturnKey);
    return sameSitePath(path);
  } catch {
    return undefined;
  }
}

/** The state the navbar's Login link carries: the page the user is on (never /login or /signup themselves). */
export function loginStateFor(location: {
  pathname: string;
  search: string;
  hash: string;
}): LoginState | undefined {
  if (isAuthPage(location.pathname)) return undefined;
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * Where /login sends a user who is already signed in: where they were going (or home), except when an
 * admin route sent them here (going back would only bounce them to /login again), which keeps the form.
 */
export function signedInLoginTarget(state: LoginState | null | undefined): string | null {
  if (state?.reason === 'adminOnly') return null;
  const from = state?.from;
  return from && !isAuthPage(from) ? from : '/';
}

/** The first field, in the form's order, that has an error (to move focus there after a failed submit). */
export function firstInvalidField<F extends string>(
  order: readonly F[],
  errors: Partial<Record<F, unknown>>,
): F | undefined {
  return order.find((name) => errors[name]);
}
