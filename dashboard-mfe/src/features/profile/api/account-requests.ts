// The identity provider's account endpoints, with the signed-in user's access token.
import { getAccessToken, serviceRequest } from '@toolshop/auth';

/** The identity provider's `GET /accounts/me`. */
export interface Account {
  email: string;
  name: string;
  emailVerified: boolean;
}

/** The provider's answer to a resend: 202 (a new link was sent) or 200 (already verified). */
export interface VerificationAnswer {
  alreadyVerified: boolean;
  message: string;
}

/** A call to the identity provider with the signed-in user's access token; non-2xx answers throw an ApiError with its message. */
const accountRequest = (method: 'GET' | 'POST', path: string, fallback: string) =>
  serviceRequest('identity', path, {
    method,
    token: getAccessToken(),
    fallback: (status) => `${fallback} (${status})`,
  });

export async function fetchAccount(): Promise<Account> {
  const { body } = await accountRequest('GET', '/accounts/me', 'Your account could not be loaded');
  return body as Account;
}

/** Asks the provider to mail a new verification link (rate-limited: a 429 throws with the provider's message). */
export async function resendVerification(): Promise<VerificationAnswer> {
  const { status, body } = await accountRequest(
    'POST',
    '/accounts/me/verification',
    'The verification email could not be sent',
  );
  return {
    alreadyVerified: status === 200,
    message:
      (body as { message?: string } | undefined)?.message ||
      'A new verification link is on its way.',
  };
}
