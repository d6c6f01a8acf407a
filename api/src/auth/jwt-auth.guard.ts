import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiMessages } from '@toolshop/contracts';
import { IS_PUBLIC } from './auth.decorators';

/** The global guard: a verified access token on every route not marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  /** Whether each route handler is public, looked up once (metadata does not change at run time). */
  private readonly open = new WeakMap<object, boolean>();

  override canActivate(context: ExecutionContext) {
    const handler = context.getHandler();
    let open = this.open.get(handler);
    if (open === undefined) {
      open =
        this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, context.getClass()]) ===
        true;
      this.open.set(handler, open);
    }
    return open ? true : super.canActivate(context);
  }

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
        missing ? ApiMessages.signInFirst : ApiMessages.sessionInvalid,
      );
    }
    return user;
  }
}
