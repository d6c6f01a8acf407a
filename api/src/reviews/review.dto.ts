import { ApiHideProperty, ApiProperty } from '@nestjs/swagger';
import {
  InputMessages,
  Messages,
  type NewReview,
  RATING_MAX,
  RATING_MIN,
  REVIEW_OPINION_MAX_LENGTH,
} from '@toolshop/contracts';
import { Allow, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';

/** POST /reviews. email and customerName are taken from the token; sent ones are ignored. */
export class CreateReviewDto implements NewReview {
  @ApiProperty({ maxLength: REVIEW_OPINION_MAX_LENGTH })
  @IsString({ message: Messages.opinionRequired })
  @IsNotEmpty({ message: Messages.opinionRequired })
  @MaxLength(REVIEW_OPINION_MAX_LENGTH, {
    message: InputMessages.opinionTooLong(REVIEW_OPINION_MAX_LENGTH),
  })
  opinion: string;

  @ApiProperty({ minimum: RATING_MIN, maximum: RATING_MAX })
  @IsInt({ message: Messages.ratingTooLow })
  @Min(RATING_MIN, { message: Messages.ratingTooLow })
  @Max(RATING_MAX, { message: Messages.ratingTooHigh })
  rating: number;

  @ApiHideProperty() @Allow() email?: unknown;
  @ApiHideProperty() @Allow() customerName?: unknown;
}

export class ReviewResponse {
  @ApiProperty() _id: string;
  @ApiProperty() customerName: string;
  @ApiProperty() opinion: string;
  @ApiProperty() rating: number;
}

export class OwnReviewResponse extends ReviewResponse {
  @ApiProperty() email: string;
}
