import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Messages, RuleMessages } from '@toolshop/contracts';
import { UsersService } from '../users/users.service';
import type { AuthUser } from './auth-user';

/**
 * Runs after JwtAuthGuard: the admin flag is read from the users collection, never from the token,
 * and counts only for a verified email (else the first to register a bootstrap address would be admin).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly users: UsersService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !(await this.users.isAdmin(user.email)))
      throw new ForbiddenException(Messages.onlyAdmin);
    if (!user.emailVerified) throw new ForbiddenException(RuleMessages.adminNeedsVerifiedEmail);
    return true;
  }
}
