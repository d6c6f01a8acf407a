import type { AuditSpec, RequestBody } from './audit-spec';
import { changedFields, type AuditChange } from './audit-trail';
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

/** Plain values, or lists of plain values or of records of them (price tiers); never operators. */
const isPlainData = (value: unknown) =>
  isPlain(value) ||
  (Array.isArray(value) &&
    value.every(
      (item) =>
        isPlain(item) ||
        (isRecord(item) &&
          Object.entries(item).every(([key, field]) => !key.startsWith('$') && isPlain(field))),
    ));

/** A call's changes as one: the first values found, the last values written. */
function mergedChange(changes: readonly AuditChange[]): AuditChange {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const change of changes) {
    for (const [key, value] of Object.entries(change.before ?? {}))
      if (!(key in before)) before[key] = value;
    Object.assign(after, change.after);
  }
  return { before, after };
}

/**
 * The entry a successful call of an audited route writes: who, what, the target, the listed body
 * fields, and the change as before → after (only the fields that changed: what its services
 * recorded, else the spec's own `change`). Undefined for a no-op: an answer that modified nothing
 * (modifiedCount 0), or a change whose after equals its before.
 */
export function auditEntryOf(
  spec: AuditSpec,
  call: AuditedCall,
  recorded: readonly AuditChange[] = [],
): NewAuditEntry | undefined {
  const body = isRecord(call.body) ? call.body : {};
  const result = isRecord(call.result) ? call.result : {};
  if (result.modifiedCount === 0) return undefined;
  const change =
    recorded.length > 0
      ? mergedChange(recorded)
      : spec.change?.({ params: call.params, body, result });
  const changed = change && changedFields(change);
  if (change && !changed) return undefined;
  const target = call.params.id ?? call.params.email ?? result.insertedId ?? result.id;
  // The name the service read with its write (the product, the order's customer), else the body's.
  const targetName =
    recorded.findLast((change) => change.targetName !== undefined)?.targetName ??
    (typeof body.name === 'string' ? body.name : undefined);
  const details = Object.fromEntries(
    (spec.details ?? []).filter((key) => isPlainData(body[key])).map((key) => [key, body[key]]),
  );
  return {
    actor: call.actor,
    action: typeof spec.action === 'function' ? spec.action(body) : spec.action,
    targetId: target === undefined ? '' : String(target),
    ...(targetName !== undefined ? { targetName } : {}),
    ...(Object.keys(details).length > 0 ? { details } : {}),
    ...(changed && Object.keys(changed.before).length > 0 ? { before: changed.before } : {}),
    ...(changed && Object.keys(changed.after).length > 0 ? { after: changed.after } : {}),
  };
}
