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

/** The message of an error answer: the API's `message` (its first, if a list) or an OAuth `error_description`. */
export function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { message, error_description: description } = body as {
      message?: unknown;
      error_description?: unknown;
    };
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (typeof message === 'string' && message) return message;
    if (typeof description === 'string' && description) return description;
  }
  return fallback;
}
