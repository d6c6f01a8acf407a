import { signInWithSignupTicket } from '@toolshop/auth';
import { Spinner } from '@toolshop/ui';
import { sameSitePath, takeSignupReturn } from '../../lib/login-state';
import { useSignInStep } from './use-sign-in-step';

/** The ticket of `/signup/complete#ticket=…`, where the provider sends a followed sign-up link. */
export function ticketOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('ticket') ?? '';
}

/**
 * The page the sign-up started from, as the provider kept it with the sign-up
 * (`#ticket=…&returnTo=/tools/…`): a path of this site only, else undefined.
 */
export function returnToOf(hash: string): string | undefined {
  return sameSitePath(new URLSearchParams(hash.replace(/^#/, '')).get('returnTo'));
}

/**
 * The account exists now (its owner followed the mailed link); the one-time ticket signs in through
 * the code flow, which returns by /auth/callback to /dashboard (SPEC: after sign-up goes to
 * /dashboard). The ticket leaves the address bar at once.
 */
async function finishSignup(): Promise<string | undefined> {
  const ticket = ticketOf(window.location.hash);
  const carried = returnToOf(window.location.hash);
  window.history.replaceState(window.history.state, '', window.location.pathname);
  if (!ticket) return '/login';
  // Where the sign-up started from (a tool's "Buy Now"): carried by the provider with the ticket, so
  // in any browser, else remembered by this browser; else /dashboard as the spec says.
  const remembered = takeSignupReturn();
  await signInWithSignupTicket(ticket, carried ?? remembered ?? '/dashboard');
  return undefined;
}

/** /signup/complete: where a followed sign-up link lands. */
export function SignupCompletePage() {
  useSignInStep(finishSignup);
  return <Spinner centered label="Signing you in" />;
}
