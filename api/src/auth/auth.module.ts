import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { JwksKeyProvider } from './jwks-key-provider';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { UserRecords } from './user-records';

/**
 * Who the caller is: the identity provider's access token, required on every non-public route.
 * The app names the module that keeps user records, so auth/ depends on no domain.
 */
@Module({})
export class AuthModule {
  static forRoot(users: { module: Type; provider: Type<UserRecords> }): DynamicModule {
    return {
      module: AuthModule,
      imports: [PassportModule.register({ session: false }), users.module],
      providers: [
        JwksKeyProvider,
        JwtStrategy,
        { provide: UserRecords, useExisting: users.provider },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
    };
  }
}
