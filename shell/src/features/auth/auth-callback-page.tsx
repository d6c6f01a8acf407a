import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { completeRedirectSignIn } from '@toolshop/auth';
import { ErrorState, Spinner } from '@toolshop/ui';
import { errorMessage } from './auth-card';

/** /auth/callback: the end of the Google (code + PKCE) flow; returns to where the user started. */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const started = useRef(false);
  useEffect(() => {
    // The code can be exchanged only once (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    completeRedirectSignIn()
      .then((returnTo) => navigate(returnTo, { replace: true }))
      .catch((caught: unknown) => setError(errorMessage(caught)));
  }, [navigate]);
  if (error)
    return (
      <ErrorState title="The sign-in could not be completed.">
        {error} <Link to="/login">Back to Login</Link>
      </ErrorState>
    );
  return <Spinner centered label="Signing you in" />;
}
