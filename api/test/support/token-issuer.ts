import { API_AUDIENCE } from '@toolshop/settings';
import { createSign, generateKeyPairSync, createHmac, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TokenOptions {
  email?: string | null;
  name?: string;
  /** The provider's email_verified claim; true unless a test says otherwise. */
  emailVerified?: boolean;
  sub?: string;
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
  extraClaims?: Record<string, unknown>;
  /** Sign with a key the issuer does not publish (same kid). */
  foreignKey?: boolean;
}

const base64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/**
 * A stand-in identity provider: an RSA key whose JWKS and discovery document are served over
 * HTTP, so the API verifies test tokens exactly as it verifies real ones.
 */
export class TokenIssuer {
  readonly audience = API_AUDIENCE;
  private readonly kid = 'test-key-1';
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    const jwk = {
      ...this.keys.publicKey.export({ format: 'jwk' }),
      kid: this.kid,
      use: 'sig',
      alg: 'RS256',
    };
    this.server = createServer((request, response) => {
      const body =
        request.url === '/.well-known/openid-configuration'
          ? { issuer: this.url, jwks_uri: `${this.url}/jwks` }
          : request.url === '/jwks'
            ? { keys: [jwk] }
            : undefined;
      response
        .writeHead(body ? 200 : 404, { 'content-type': 'application/json' })
        .end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  token(options: TokenOptions = {}): string {
    const now = Math.floor(Date.now() / 1000);
    const email = options.email === undefined ? 'customer@toolshop.test' : options.email;
    const claims = {
      sub: options.sub ?? `user-${email ?? 'anonymous'}`,
      ...(email === null ? {} : { email }),
      email_verified: options.emailVerified ?? true,
      name: options.name ?? 'Casey Customer',
      aud: options.audience ?? this.audience,
      iss: options.issuer ?? this.url,
      iat: now - 5,
      exp: now + (options.expiresInSeconds ?? 300),
      ...options.extraClaims,
    };
    return this.sign(
      { alg: 'RS256', typ: 'JWT', kid: this.kid },
      claims,
      options.foreignKey ? this.foreign.privateKey : this.keys.privateKey,
    );
  }

  /** An HS256 token whose secret is the published public key (the classic algorithm confusion). */
  hs256Token(): string {
    const header = base64url({ alg: 'HS256', typ: 'JWT', kid: this.kid });
    const now = Math.floor(Date.now() / 1000);
    const payload = base64url({
      sub: 'x',
      email: 'customer@toolshop.test',
      aud: this.audience,
      iss: this.url,
      exp: now + 300,
    });
    const secret = this.keys.publicKey.export({ format: 'pem', type: 'spki' });
    const signature = createHmac('sha256', secret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    return `${header}.${payload}.${signature}`;
  }

  private sign(header: object, claims: object, key: KeyObject): string {
    const unsigned = `${base64url(header)}.${base64url(claims)}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(key).toString('base64url');
    return `${unsigned}.${signature}`;
  }
}
