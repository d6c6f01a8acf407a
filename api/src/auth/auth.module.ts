import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from '../users/users.module';
import { AdminGuard } from './admin.guard';
import { JwksKeyProvider } from './jwks-key-provider';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';

@Module({
  imports: [PassportModule.register({ session: false }), UsersModule],
  providers: [JwksKeyProvider, JwtStrategy, JwtAuthGuard, AdminGuard],
  exports: [JwtAuthGuard, AdminGuard, UsersModule],
})
export class AuthModule {}
