import { errorBlock, escapeHtml } from '../http/page.ts';

/** The provider's own sign-in page (used by the authorization code flow without a hint). */
export function loginPage({
  uid,
  email = '',
  error,
  google = true,
}: {
  uid: string;
  email?: string;
  error?: string;
  /** Offers "Continue with Google" (not with GOOGLE_SIGN_IN=off). */
  google?: boolean;
}): string {
  const googleOption = google
    ? `<p class="divider">or</p>
<a class="button secondary" href="/interaction/${escapeHtml(uid)}/google">Continue with Google</a>
`
    : '';
  const described = error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  return `<h1>Sign in to Toolshop</h1>
<p>Use the email and password of your Toolshop account.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${described}${email ? '' : ' autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required minlength="6"${described}${email ? ' autofocus' : ''}>
  ${errorBlock(error)}
  <button type="submit">Sign in</button>
</form>
${googleOption}<small><a href="/interaction/${escapeHtml(uid)}/cancel">Cancel and return to the shop</a></small>`;
}

export function expiredPage(): string {
  return `<h1>This sign-in has expired</h1>
<p class="error" role="alert">The sign-in page was open too long or was already used.</p>
<p>Go back to the shop and start signing in again.</p>`;
}

export function problemPage(uid: string, message: string): string {
  return `<h1>Sign in to Toolshop</h1>
${errorBlock(message)}
<a class="button" href="/interaction/${escapeHtml(uid)}">Back to sign-in</a>`;
}
