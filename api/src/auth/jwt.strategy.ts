import { Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ApiMessages, isEmailAddress, nameError, normalizeEmail } from '@toolshop/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { API_CONFIG, type ApiConfig } from '../config/config';
import type { AuthUser } from './auth-user';
import { JwksKeyProvider } from './jwks-key-provider';
import { UserRecords } from './user-records';

interface AccessTokenClaims {
  sub?: unknown;
  email?: unknown;
  name?: unknown;
  email_verified?: unknown;
}

/** Bearer access tokens of the identity provider: RS256 signature, issuer, audience and expiry. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly logger = new Logger('JwtStrategy');

  constructor(
    @Inject(API_CONFIG) config: ApiConfig,
    keys: JwksKeyProvider,
    private readonly users: UserRecords,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['RS256'],
      issuer: config.oidcIssuer,
      audience: config.oidcAudience,
      ignoreExpiration: false,
      secretOrKeyProvider: (
        _request: unknown,
        rawJwt: string,
        done: (error: unknown, key?: string) => void,
      ) => {
        keys.publicKeyFor(rawJwt).then(
          (key) => done(null, key),
          (error: Error) => {
            // Routine for forged or foreign tokens; discovery failures are logged where they happen.
            this.logger.debug(`no key for token: ${error.message}`);
            done(error);
          },
        );
      },
    });
  }

  async validate(claims: AccessTokenClaims): Promise<AuthUser> {
    const { sub, email, name } = claims;
    if (typeof sub !== 'string' || !isEmailAddress(email)) {
      throw new UnauthorizedException(ApiMessages.tokenWithoutEmail);
    }
    const user: AuthUser = {
      sub,
      email: normalizeEmail(email),
      // A name that breaks the shop's rule (an account older than it) is no name (account safety).
      name: typeof name === 'string' && !nameError(name) ? name.trim() : '',
      emailVerified: claims.email_verified === true,
    };
    await this.users.ensureUser(user.email, user.name);
    return user;
  }
}
