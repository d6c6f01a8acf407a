import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export interface UpstreamSettings {
  /** Short name used in URLs and account links, e.g. "google". */
  name: string;
  issuer: string;
  /** Issuer values the ID token may carry (Google uses two spellings). */
  acceptedIssuers?: string[];
  clientId: string;
  clientSecret: string;
  /** e.g. "select_account" so Google lets the user pick an account. */
  prompt?: string;
  /**
   * The local development stand-in: believes any typed email, so its identities never link to or
   * take over an existing account (they sign in only accounts the stand-in created).
   */
  standin?: boolean;
}

export interface UpstreamIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** What the provider keeps between sending the user upstream and the callback. */
export interface UpstreamRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export class UpstreamError extends Error {}

const random = () => randomBytes(32).toString('base64url');

/** A minimal OpenID Connect relying party (code flow, PKCE, nonce) for one upstream provider. */
export class UpstreamClient {
  readonly settings: UpstreamSettings;
  #discovery?: Promise<{ metadata: Discovery; keys: JWTVerifyGetKey }>;

  constructor(settings: UpstreamSettings) {
    this.settings = settings;
  }

  #discover() {
    this.#discovery ??= (async () => {
      const response = await fetch(
        new URL('/.well-known/openid-configuration', this.settings.issuer),
        {
          signal: AbortSignal.timeout(10_000),
        },
      );
      if (!response.ok)
        throw new UpstreamError(`discovery of ${this.settings.issuer} answered ${response.status}`);
      const metadata = (await response.json()) as Discovery;
      return { metadata, keys: createRemoteJWKSet(new URL(metadata.jwks_uri)) };
    })().catch((error: unknown) => {
      this.#discovery = undefined;
      throw error;
    });
    return this.#discovery;
  }

  /** `state` starts with `statePrefix` so the callback can find the interaction it belongs to. */
  async start(
    redirectUri: string,
    statePrefix: string,
  ): Promise<{ url: string; request: UpstreamRequest }> {
    const { metadata } = await this.#discover();
    const request: UpstreamRequest = {
      state: `${statePrefix}.${random()}`,
      nonce: random(),
      codeVerifier: random(),
    };
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: this.settings.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state: request.state,
      nonce: request.nonce,
      code_challenge: createHash('sha256').update(request.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...(this.settings.prompt ? { prompt: this.settings.prompt } : {}),
    }).toString();
    return { url: url.href, request };
  }

  /** Redeems the code and verifies the ID token (signature, issuer, audience, nonce, expiry). */
  async finish(
    code: string,
    redirectUri: string,
    request: UpstreamRequest,
  ): Promise<UpstreamIdentity> {
    const { metadata, keys } = await this.#discover();
    const basic = Buffer.from(
      `${encodeURIComponent(this.settings.clientId)}:${encodeURIComponent(this.settings.clientSecret)}`,
    ).toString('base64');
    const response = await fetch(metadata.token_endpoint, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: request.codeVerifier,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const tokens = (await response.json().catch(() => ({}))) as {
      id_token?: string;
      error?: string;
    };
    if (!response.ok || !tokens.id_token) {
      throw new UpstreamError(
        `token request to ${this.settings.issuer} failed: ${tokens.error ?? response.status}`,
      );
    }
    const { payload } = await jwtVerify(tokens.id_token, keys, {
      issuer: this.settings.acceptedIssuers ?? metadata.issuer,
      audience: this.settings.clientId,
    });
    if (payload.nonce !== request.nonce) throw new UpstreamError('ID token nonce mismatch');
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
      throw new UpstreamError('ID token without subject or email');
    }
    return {
      subject: payload.sub,
      email: payload.email,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : '',
    };
  }
}
