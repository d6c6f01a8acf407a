/**
 * One `Idempotency-Key` per user attempt of a state-changing call (the API answers a retry of a key
 * with the first answer, without running it twice). An attempt is one request: method, path and
 * body. It keeps its key until the API has given a final answer, so that a retry places or changes
 * nothing twice: sent again after no answer (network error, timeout, aborted), after a server or
 * gateway error (5xx: the request may have run before it failed), or after the API's 409 "still
 * being processed" (with `Retry-After`: the first send is still running, or its process died and
 * a retry takes it over in a few seconds), it is the same attempt, on the user's next click too.
 * Once the API answered for good (success, or a refusal such as "sold out"), the same request
 * again is a new attempt with a new key.
 */
const pending = new Map<string, string>();

/** Sends of a request the API answers "still being processed", before its error is shown. */
export const RUNNING_RESENDS = 10;
const MAX_WAIT_MS = 5_000;

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

/** The key of this request's attempt: the pending one if it was sent before without a final answer. */
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

type Answer = Pick<Response, 'status' | 'headers'>;

/**
 * How long to wait before sending the same attempt again when the API answered that its key is
 * still being processed (409 with `Retry-After`, in seconds); undefined for any other answer.
 */
export function runningRetryDelayMs(answer: Answer): number | undefined {
  const retryAfter = answer.headers.get('Retry-After');
  if (answer.status !== 409 || retryAfter === null) return undefined;
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_WAIT_MS) : 1000;
}

/** Whether the attempt is over: a success or a refusal; not "still being processed" nor a 5xx. */
export function isFinalAnswer(answer: Answer): boolean {
  return answer.status < 500 && runningRetryDelayMs(answer) === undefined;
}
