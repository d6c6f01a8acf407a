import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { completeRedirectSignIn } from '@toolshop/auth';
import { Spinner } from '@toolshop/ui';
import { errorMessage } from './auth-card';
import type { LoginState } from '../../lib/login-state';

/** /auth/callback: the end of the Google (code + PKCE) flow; back to where the user started. */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    // The code can be exchanged only once (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    completeRedirectSignIn()
      .then((returnTo) => navigate(returnTo, { replace: true }))
      .catch((caught: unknown) => {
        // The provider's message (e.g. a cancelled Google sign-in) shows under the login form.
        const state: LoginState = { providerError: errorMessage(caught) };
        navigate('/login', { replace: true, state });
      });
  }, [navigate]);
  return <Spinner centered label="Signing you in" />;
}
