import { createHash, randomBytes } from 'node:crypto';
import { postForm, REDIRECT_URI, WEB_CLIENT_ID } from './test-identity.ts';

/** What oidc-client-ts does for signinRedirect: an authorization request with PKCE and state. */
export function authorizationRequest(issuerUrl: string, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL('/auth', issuerUrl);
  url.search = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile offline_access',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return { url: url.href, verifier, state };
}

/** The callback's `code` redeemed at the token endpoint, as the SPA does it. */
export function redeemCode(issuerUrl: string, callbackUrl: string, verifier: string) {
  const code = new URL(callbackUrl).searchParams.get('code') ?? '';
  return postForm(`${issuerUrl}/token`, {
    grant_type: 'authorization_code',
    client_id: WEB_CLIENT_ID,
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
}
