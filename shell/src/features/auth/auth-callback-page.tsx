import { completeRedirectSignIn } from '@toolshop/auth';
import { Spinner } from '@toolshop/ui';
import { useSignInStep } from './use-sign-in-step';

const complete = () => completeRedirectSignIn();

/** /auth/callback: the end of the code + PKCE flow (Google, a sign-up link); back to where the user started. */
export function AuthCallbackPage() {
  // A failure (e.g. a cancelled Google sign-in) shows its message under the login form.
  useSignInStep(complete);
  return <Spinner centered label="Signing you in" />;
}
