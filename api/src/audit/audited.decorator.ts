import { SetMetadata } from '@nestjs/common';
import type { AuditAction } from '@toolshop/contracts';

export type RequestBody = Record<string, unknown>;

export interface AuditSpec {
  /** What the action was; a function of the body where one route does two things (hide/unhide). */
  action: AuditAction | ((body: RequestBody) => AuditAction);
  /** Body fields kept as the entry's details (e.g. the new stock). */
  details?: readonly string[];
  /** The route is open to owners too: only an admin's call is an admin action. */
  onlyAdmins?: boolean;
}

export const AUDITED = Symbol('audited');

/**
 * Records the route's successful calls in the audit log (AuditInterceptor, global): who (the
 * caller's email), when, what (the action, the target from the :id/:email param or the inserted
 * id, the body's name, the listed body fields). A refused or failed call records nothing.
 */
export const Audited = (action: AuditSpec['action'], options: Omit<AuditSpec, 'action'> = {}) =>
  SetMetadata(AUDITED, { action, ...options } satisfies AuditSpec);
