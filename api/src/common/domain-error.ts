/** HTTP status of each kind of refusal; the one place a domain rule becomes an HTTP answer. */
export const STATUS_OF_KIND = {
  invalid: 400,
  paymentRequired: 402,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  unavailable: 503,
} as const;

export type DomainErrorKind = keyof typeof STATUS_OF_KIND;

/**
 * A rule of the shop refused the request. Services throw these (they know rules, not HTTP);
 * ApiExceptionFilter answers them with STATUS_OF_KIND and the message as it is.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const notFound = (message: string) => new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const paymentRequired = (message: string) => new DomainError('paymentRequired', message);
