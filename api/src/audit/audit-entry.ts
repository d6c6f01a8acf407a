import type { AuditSpec, RequestBody } from './audit-spec';
import type { NewAuditEntry } from './audit.service';

export interface AuditedCall {
  actor: string;
  params: Record<string, unknown>;
  body: unknown;
  result: unknown;
}

const isRecord = (value: unknown): value is RequestBody =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlain = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

/** The entry a successful call of an audited route writes. */
export function auditEntryOf(spec: AuditSpec, call: AuditedCall): NewAuditEntry {
  const body = isRecord(call.body) ? call.body : {};
  const result = isRecord(call.result) ? call.result : {};
  const target = call.params.id ?? call.params.email ?? result.insertedId;
  const details = Object.fromEntries(
    (spec.details ?? []).filter((key) => isPlain(body[key])).map((key) => [key, body[key]]),
  );
  return {
    actor: call.actor,
    action: typeof spec.action === 'function' ? spec.action(body) : spec.action,
    targetId: target === undefined ? '' : String(target),
    ...(typeof body.name === 'string' ? { targetName: body.name } : {}),
    ...(Object.keys(details).length > 0 ? { details } : {}),
  };
}
