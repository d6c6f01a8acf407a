/**
 * One `Idempotency-Key` per user attempt of a state-changing call (the API answers a retry of a key
 * with the first answer, without running it twice). An attempt is one request: method, path and
 * body. Sent again after no answer (network error, timeout, aborted), it is the same attempt and
 * keeps its key, so a retry places or changes nothing twice; once the API answered (success or
 * refusal), the same request again is a new attempt with a new key.
 */
const pending = new Map<string, string>();

// randomUUID needs a secure context (https or localhost); the shop served otherwise still gets a key.
export function newIdempotencyKey(): string {
  const id =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
          byte.toString(16).padStart(2, '0'),
        ).join('');
  return `attempt-${id}`;
}

/** The key of this request's attempt: the pending one if it was sent before without an answer. */
export function attemptKey(
  method: string,
  path: string,
  body: unknown,
): { key: string; answered(): void } {
  const request = `${method} ${path} ${JSON.stringify(body ?? null)}`;
  let key = pending.get(request);
  if (!key) {
    key = newIdempotencyKey();
    pending.set(request, key);
  }
  return { key, answered: () => pending.delete(request) };
}
