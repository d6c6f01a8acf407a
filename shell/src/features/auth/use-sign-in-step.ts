import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from './auth-card';
import type { LoginState } from '../../lib/login-state';

/**
 * Runs one step of a redirect sign-in once (StrictMode runs effects twice in development; a code or
 * a ticket can be used only once). It answers where to go next, or nothing when it went elsewhere
 * itself; a failure goes to /login with the provider's message under the form.
 */
export function useSignInStep(step: () => Promise<string | undefined>) {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    step()
      .then((next) => {
        if (next) navigate(next, { replace: true });
      })
      .catch((caught: unknown) => {
        const state: LoginState = { providerError: errorMessage(caught) };
        navigate('/login', { replace: true, state });
      });
  }, [navigate, step]);
}
