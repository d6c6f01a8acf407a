import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser>(
    error: unknown,
    user: TUser | false,
    info: unknown,
    _context: ExecutionContext,
  ): TUser {
    if (error instanceof UnauthorizedException) throw error;
    if (error || !user) {
      const missing = info instanceof Error && info.message === 'No auth token';
      throw new UnauthorizedException(
        missing
          ? 'Please sign in first'
          : 'Your session is invalid or has expired. Please sign in again.',
      );
    }
    return user;
  }
}
