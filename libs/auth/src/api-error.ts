/** A non-2xx answer of the API; `message` is the API's own message (first entry if it sent a list). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The message of an error answer: `message` of the shop's one error shape `{ statusCode, message,
 * error, field? }` (the API's, the identity provider's account routes', the registry's), its first if a list.
 */
export function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { message } = body as { message?: unknown };
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
