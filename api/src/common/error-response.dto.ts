import { ApiProperty } from '@nestjs/swagger';
import type { ApiErrorBody } from '@toolshop/contracts';

/** The one error shape of the API (documentation class). */
export class ErrorResponse implements ApiErrorBody {
  @ApiProperty({ example: 400 }) statusCode: number;
  @ApiProperty({ example: 'enter valid quantity' }) message: string;
  @ApiProperty({ example: 'Bad Request' }) error: string;
}
