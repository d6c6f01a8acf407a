import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Messages, RuleMessages } from '@toolshop/contracts';
import type { AuthUser } from '../auth/auth-user';
import { AdminDirectory } from './admin-directory';

/**
 * Runs after the global JwtAuthGuard: the admin flag is read from the users collection, never from
 * the token, and counts only for a verified email (else the first to register a bootstrap address
 * would be admin).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly admins: AdminDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user: AuthUser }>().user;
    if (!(await this.admins.isAdmin(user.email))) throw new ForbiddenException(Messages.onlyAdmin);
    if (!user.emailVerified) throw new ForbiddenException(RuleMessages.adminNeedsVerifiedEmail);
    return true;
  }
}
