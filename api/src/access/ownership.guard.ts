import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { AuthUser } from '../auth/auth-user';
import { AdminDirectory, hasAdminRights } from './admin-directory';
import type { OwnedRequest, OwnerSource } from './owner-lookup';
import { isKeyedRetry, type KeyedRequest } from '../common/idempotency';

export interface OwnershipRule {
  owner: OwnerSource;
  /** Whether admins may act on anyone's record. */
  admins: boolean;
  /** What a caller who is neither owner nor (allowed) admin is told. */
  forbidden: string;
  /** Shown for a record that does not exist (and, where ids are hidden, for someone else's). */
  notFound?: string;
}

export const OWNERSHIP = Symbol('ownership');

/** Runs after the global JwtAuthGuard: the caller owns the record the request names, or is an admin. */
@Injectable()
export class OwnershipGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    private readonly admins: AdminDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<OwnershipRule>(OWNERSHIP, context.getHandler());
    const request = context
      .switchToHttp()
      .getRequest<OwnedRequest & KeyedRequest & { user: AuthUser }>();
    const lookup = this.moduleRef.get(rule.owner, { strict: false });
    const owner = await lookup.ownerOf(request);
    // Malformed: the route's validation answers 400 with the precise message.
    if (owner === undefined) return true;
    const notFound = rule.notFound ?? rule.owner.notFound ?? 'Not Found';
    // A retry of a keyed call is answered as the first time (a retried cancel: the order is gone).
    if (owner === null && (await isKeyedRetry(request))) return true;
    if (owner === null) throw new NotFoundException(notFound);
    if (owner === request.user.email) return true;
    if (rule.admins && (await hasAdminRights(this.admins, request.user))) return true;
    if (rule.owner.hideOthers) throw new NotFoundException(notFound);
    throw new ForbiddenException(rule.forbidden);
  }
}
