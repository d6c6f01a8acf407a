// The identity provider's account endpoints, with the signed-in user's access token.
import { ApiError, getAccessToken, getRuntimeConfig } from '@toolshop/auth';

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

const messageOf = (body: unknown, fallback: string): string => {
  if (body && typeof body === 'object') {
    const { message, error_description: description } = body as {
      message?: unknown;
      error_description?: unknown;
    };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (typeof description === 'string' && description) return description;
  }
  return fallback;
};

/** A call to the identity provider with the signed-in user's access token; non-2xx answers throw an ApiError with its message. */
async function accountRequest(
  method: 'GET' | 'POST',
  path: string,
  fallback: string,
): Promise<{ status: number; body: unknown }> {
  const token = getAccessToken();
  const response = await fetch(`${getRuntimeConfig().authority}${path}`, {
    method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok)
    throw new ApiError(response.status, messageOf(body, `${fallback} (${response.status})`), body);
  return { status: response.status, body };
}

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
    message: messageOf(body, 'A new verification link is on its way.'),
  };
}
