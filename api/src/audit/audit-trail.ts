import { AsyncLocalStorage } from 'node:async_hooks';

/** What an audited call changed: the fields it wrote, as they were and as they are now. */
export interface AuditChange {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** What the target is called (a product's name, an order's customer), for the log's readers. */
  targetName?: string;
}

const trail = new AsyncLocalStorage<AuditChange[]>();

/** Runs an audited call (AuditInterceptor) and collects the changes its services record. */
export function collectChanges<T>(changes: AuditChange[], call: () => T): T {
  return trail.run(changes, call);
}

/**
 * Called by a domain service inside an audited call: the values its write found (read in the same
 * conditional write, or the ones it was made conditional on) and the ones it wrote. Outside an
 * audited call (a customer's own action, a sweep) it does nothing.
 */
export function recordChange(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  targetName?: string,
) {
  trail.getStore()?.push({ before, after, ...(targetName !== undefined && { targetName }) });
}

/** JSON with every object's keys sorted: equal data compares equal whatever its key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  ) ?? 'undefined';

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * The fields that differ between before and after, each side holding only those (a field that is
 * absent on one side stays absent there); undefined when nothing changed (a no-op).
 */
export function changedFields(
  change: AuditChange,
): Required<Omit<AuditChange, 'targetName'>> | undefined {
  const before = change.before ?? {};
  const after = change.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !same(before[key], after[key]),
  );
  if (keys.length === 0) return undefined;
  const pick = (side: Record<string, unknown>) =>
    Object.fromEntries(
      keys.filter((key) => side[key] !== undefined).map((key) => [key, side[key]]),
    );
  return { before: pick(before), after: pick(after) };
}
