import { ApiHideProperty, ApiProperty } from '@nestjs/swagger';
import {
  InputMessages,
  Messages,
  type NewReview,
  RATING_MAX,
  RATING_MIN,
  ratingError,
  REVIEW_OPINION_MAX_LENGTH,
} from '@toolshop/contracts';
import { Allow, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { FollowsRule } from '../common/contract-rule';

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
  @FollowsRule('rating', ratingError)
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
