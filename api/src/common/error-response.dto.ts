import { ApiBadRequestResponse, ApiProperty } from '@nestjs/swagger';
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
