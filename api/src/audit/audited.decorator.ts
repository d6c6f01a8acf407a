import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { AuditInterceptor } from './audit.interceptor';
import { AUDITED, type AuditSpec } from './audit-spec';

/**
 * Records the route's successful calls in the audit log (AuditInterceptor, on the audited routes
 * only): who (the caller's email), when, what (the action, the target from the :id/:email param
 * or the inserted id, the body's name, the listed body fields) and the change as before → after
 * (recordChange in the services, or the spec's `change`). A refused or failed call, or a no-op,
 * records nothing.
 */
export const Audited = (action: AuditSpec['action'], options: Omit<AuditSpec, 'action'> = {}) =>
  applyDecorators(
    SetMetadata(AUDITED, { action, ...options } satisfies AuditSpec),
    UseInterceptors(AuditInterceptor),
  );
