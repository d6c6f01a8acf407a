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

/** The metadata key of a route's AuditSpec (set by @Audited). */
export const AUDITED = Symbol('audited');
