import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ApiMessages,
  InputMessages,
  Messages,
  type NewReview,
  type ReviewVisibility,
  RATING_MAX,
  RATING_MIN,
  ratingError,
  REVIEW_OPINION_MAX_LENGTH,
  ReviewMessages,
} from '@toolshop/contracts';
import {
  Allow,
  IsBoolean,
  IsMongoId,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { FollowsRule } from '../common/contract-rule';
import { PageQuery } from '../common/pagination';

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

  @ApiPropertyOptional({ description: 'The product reviewed (its id); optional' })
  @IsOptional()
  @IsMongoId({ message: ReviewMessages.toolIdInvalid })
  toolId?: string;

  @ApiHideProperty() @Allow() email?: unknown;
  @ApiHideProperty() @Allow() customerName?: unknown;
}

/** GET /reviews: a page, optionally one product's reviews only. */
export class ReviewListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Only the reviews of this product' })
  @IsOptional()
  @IsMongoId({ message: ReviewMessages.toolIdInvalid })
  toolId?: string;
}

/** PATCH /reviews/{id} (admins). */
export class ReviewVisibilityDto implements ReviewVisibility {
  @ApiProperty({ description: 'true hides the review from the public list; false shows it again' })
  @IsBoolean({ message: ApiMessages.hiddenMustBeBoolean })
  hidden: boolean;
}

export class ReviewResponse {
  @ApiProperty() _id: string;
  @ApiProperty() customerName: string;
  @ApiProperty() opinion: string;
  @ApiProperty() rating: number;
  @ApiPropertyOptional({ description: 'The product reviewed, if the author named one' })
  toolId?: string;
  @ApiProperty({
    description: 'The author has a paid order (of the product reviewed, if the review names one)',
  })
  verifiedBuyer: boolean;
}

export class OwnReviewResponse extends ReviewResponse {
  @ApiProperty() email: string;
  @ApiPropertyOptional({ description: 'Hidden by an admin (out of the public list)' })
  hidden: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
}
