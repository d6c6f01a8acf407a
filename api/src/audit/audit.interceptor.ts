import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import { from, mergeMap, Observable } from 'rxjs';
import { AdminDirectory, hasAdminRights } from '../access/admin-directory';
import type { AuthUser } from '../auth/auth-user';
import { auditEntryOf } from './audit-entry';
import { AuditService } from './audit.service';
import { AUDITED, type AuditSpec } from './audit-spec';
import { collectChanges, type AuditChange } from './audit-trail';

interface AuditedRequest {
  user?: AuthUser;
  params?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

/** The Idempotency-Key of the caller's call, as one key per account (retries share it). */
function requestKeyOf(request: AuditedRequest, actor: string): string | undefined {
  const key = request.headers?.['idempotency-key'];
  if (typeof key !== 'string' || key === '') return undefined;
  return createHash('sha256').update(`${actor}\n${key}`).digest('hex');
}

/**
 * On every @Audited route: after it succeeds, writes its entry before the answer leaves, so the log
 * is complete when the admin sees the result, with the change as before → after (what the
 * handler's services recorded while it ran, else the spec's own). A refused or failed call never
 * reaches this point, a no-op writes nothing, and a retry with the same Idempotency-Key (answered
 * from the first call) writes no second entry.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    private readonly admins: AdminDirectory,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<AuditSpec | undefined>(AUDITED, context.getHandler());
    if (!spec) return next.handle();
    const request = context.switchToHttp().getRequest<AuditedRequest>();
    // The handler runs (on subscription) where its services' recordChange calls land in `changes`.
    const changes: AuditChange[] = [];
    return new Observable<unknown>((subscriber) =>
      collectChanges(changes, () => next.handle().subscribe(subscriber)),
    ).pipe(
      mergeMap((result) => from(this.record(spec, request, result, changes).then(() => result))),
    );
  }

  private async record(
    spec: AuditSpec,
    request: AuditedRequest,
    result: unknown,
    changes: readonly AuditChange[],
  ) {
    const user = request.user;
    if (!user) return;
    try {
      if (spec.onlyAdmins && !(await hasAdminRights(this.admins, user))) return;
      const entry = auditEntryOf(
        spec,
        { actor: user.email, params: request.params ?? {}, body: request.body, result },
        changes,
      );
      // A no-op (nothing modified, or written as it was) is no change to record.
      if (entry) await this.audit.record(entry, requestKeyOf(request, user.email));
    } catch (error) {
      // The action itself succeeded: a lost entry is logged, the caller still gets the answer.
      this.logger.error(`audit entry not written: ${String(error)}`);
    }
  }
}
