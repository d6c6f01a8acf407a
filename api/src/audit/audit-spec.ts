import type { AuditAction } from '@toolshop/contracts';
import type { AuditChange } from './audit-trail';

export type RequestBody = Record<string, unknown>;

export interface AuditSpec {
  /** What the action was; a function of the body where one route does two things (hide/unhide). */
  action: AuditAction | ((body: RequestBody) => AuditAction);
  /** Body fields kept as the entry's details (e.g. the new stock). */
  details?: readonly string[];
  /**
   * The change a successful call made, known from the call itself (e.g. an approval sets shipped
   * and the shipping details on an order that was paid and not shipped); a service that reads the
   * old values records them instead (recordChange), and that record wins.
   */
  change?: (call: {
    params: Record<string, unknown>;
    body: RequestBody;
    result: RequestBody;
  }) => AuditChange | undefined;
  /** The route is open to owners too: only an admin's call is an admin action. */
  onlyAdmins?: boolean;
}

/** The metadata key of a route's AuditSpec (set by @Audited). */
export const AUDITED = Symbol('audited');
