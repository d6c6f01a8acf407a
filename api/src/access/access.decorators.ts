import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { ApiMessages } from '@toolshop/contracts';
import { ErrorResponse } from '../common/error-response.dto';
import { AdminGuard } from './admin.guard';
import type { OwnerSource } from './owner-lookup';
import { OWNERSHIP, OwnershipGuard, type OwnershipRule } from './ownership.guard';

/** A signed-in user whose record says admin, with a verified email. */
export const AdminOnly = () =>
  applyDecorators(
    UseGuards(AdminGuard),
    ApiForbiddenResponse({ description: 'The caller is not an admin', type: ErrorResponse }),
  );

function ownedBy(rule: OwnershipRule) {
  return applyDecorators(
    SetMetadata(OWNERSHIP, rule),
    UseGuards(OwnershipGuard),
    rule.owner.hideOthers
      ? ApiNotFoundResponse({
          description: 'No such record, or someone else’s (the two answer alike)',
          type: ErrorResponse,
        })
      : ApiForbiddenResponse({ description: rule.forbidden, type: ErrorResponse }),
  );
}

/** The record the request names is the caller's, or the caller is an admin. */
export const OwnerOrAdmin = (owner: OwnerSource, notFound?: string) =>
  ownedBy({ owner, admins: true, forbidden: ApiMessages.notYourRecords, notFound });

/** The record the request names is the caller's; admins get no exception (paying, own profile). */
export const OwnerOnly = (owner: OwnerSource, forbidden: string, notFound?: string) =>
  ownedBy({ owner, admins: false, forbidden, notFound });
