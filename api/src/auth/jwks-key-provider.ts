import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwksClient } from 'jwks-rsa';
import { API_CONFIG, type ApiConfig } from '../config/config';

/**
 * Finds the public key that signed a token: the JWKS URI comes from OIDC_JWKS_URI or, lazily, from
 * the issuer's discovery document (the identity provider may start after the API). Keys are cached
 * and fetches rate limited by jwks-rsa.
 */
@Injectable()
export class JwksKeyProvider {
  private readonly logger = new Logger('JwksKeyProvider');
  private client?: Promise<JwksClient>;

  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  async publicKeyFor(rawJwt: string): Promise<string> {
    const header = JSON.parse(
      Buffer.from(rawJwt.split('.')[0] ?? '', 'base64url').toString('utf8'),
    ) as {
      alg?: string;
      kid?: string;
    };
    if (header.alg !== 'RS256') throw new Error('only RS256 tokens are accepted');
    const client = await this.jwksClient();
    const key = await client.getSigningKey(header.kid);
    return key.getPublicKey();
  }

  private jwksClient(): Promise<JwksClient> {
    this.client ??= this.discoverJwksUri().then(
      (jwksUri) =>
        new JwksClient({
          jwksUri,
          cache: true,
          cacheMaxAge: 10 * 60_000,
          rateLimit: true,
          jwksRequestsPerMinute: 10,
          timeout: 5000,
        }),
    );
    // A failed discovery is retried on the next request rather than remembered.
    this.client.catch((error: Error) => {
      this.logger.warn(`cannot find the JWKS of ${this.config.oidcIssuer}: ${error.message}`);
      this.client = undefined;
    });
    return this.client;
  }

  private async discoverJwksUri(): Promise<string> {
    if (this.config.oidcJwksUri) return this.config.oidcJwksUri;
    const url = `${this.config.oidcIssuer}/.well-known/openid-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`discovery ${url} answered ${response.status}`);
    const document = (await response.json()) as { jwks_uri?: unknown };
    if (typeof document.jwks_uri !== 'string') throw new Error(`discovery ${url} has no jwks_uri`);
    this.logger.log(`JWKS of ${this.config.oidcIssuer}: ${document.jwks_uri}`);
    return document.jwks_uri;
  }
}
