import { ApiBadRequestResponse, ApiPayloadTooLargeResponse, ApiProperty } from '@nestjs/swagger';
import type { ApiErrorBody } from '@toolshop/contracts';

/** The one error shape of the API (documentation class). */
export class ErrorResponse implements ApiErrorBody {
  @ApiProperty({ example: 400 }) statusCode: number;
  @ApiProperty({ example: 'enter valid quantity' }) message: string;
  @ApiProperty({ example: 'Bad Request' }) error: string;
}

/** The 400 answer every route that reads input documents. */
export const ApiInvalidInput = ApiBadRequestResponse({
  description: 'Invalid input or malformed id',
  type: ErrorResponse,
});

/**
 * The 413 of a route whose body holds a list (order lines): a body past the route's limit (the
 * API's BODY_LIMIT_BYTES unless ROUTE_BODY_LIMITS raises it) is refused before it is read, so
 * before the sign-in check too. Every body the route accepts fits.
 */
export const ApiBodyTooLarge = ApiPayloadTooLargeResponse({
  description: 'The body is longer than any the route accepts',
  type: ErrorResponse,
});
