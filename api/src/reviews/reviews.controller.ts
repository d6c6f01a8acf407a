import { AnsweredFromCache } from '../common/cached-lists';
import { Body, Controller, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  IntersectionType,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminOnly, OwnerOrAdmin } from '../access/access.decorators';
import { EmailQueryOwner } from '../access/owner-lookup';
import { Audited } from '../audit/audited.decorator';
import { CurrentUser, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { InsertedResponse, ModifiedResponse } from '../common/answers.dto';
import { EmailQuery } from '../common/email-query';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { PageQuery, pageOf, withTotal } from '../common/pagination';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { sendSnapshot } from '../common/public-cache';
import { RateLimit } from '../common/rate-limit.decorator';
import {
  CreateReviewDto,
  OwnReviewResponse,
  ReviewListQuery,
  ReviewResponse,
  ReviewVisibilityDto,
} from './review.dto';
import { ReviewsService } from './reviews.service';
import { Idempotent } from '../common/idempotency';

class OwnReviewsQuery extends IntersectionType(PageQuery, EmailQuery) {}

@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get('reviews')
  @Public()
  @AnsweredFromCache(ReviewsService)
  @ApiOkResponse({
    type: [ReviewResponse],
    description:
      'Public: reviews not hidden (of one product with toolId), newest first; ETag revalidation',
  })
  @ApiInvalidInput
  async list(
    @Query() query: ReviewListQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { reviews, total } = await this.reviews.list(pageOf(query), query.toolId);
    return sendSnapshot(request, reply, withTotal(reply, reviews, total));
  }

  @Post('reviews')
  @Idempotent()
  @RateLimit('writes')
  @ApiCreatedResponse({
    type: InsertedResponse,
    description: 'email and customerName come from the token',
  })
  @ApiInvalidInput
  create(@CurrentUser() author: AuthUser, @Body() body: CreateReviewDto) {
    return this.reviews.create(author, body);
  }

  @Patch('reviews/:id')
  @Idempotent()
  @AdminOnly()
  @RateLimit('writes')
  @Audited((body) => (body.hidden === true ? 'review.hide' : 'review.unhide'), {
    change: ({ body }) => ({
      before: { hidden: body.hidden !== true },
      after: { hidden: body.hidden },
    }),
  })
  @ApiOkResponse({ type: ModifiedResponse, description: 'Hides or shows a review (admins)' })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No review with this id', type: ErrorResponse })
  setHidden(@Param('id', ParseObjectIdPipe) id: string, @Body() body: ReviewVisibilityDto) {
    return this.reviews.setHidden(id, body.hidden);
  }

  @Get('userReviews')
  @OwnerOrAdmin(EmailQueryOwner)
  @ApiOkResponse({
    type: [OwnReviewResponse],
    description: 'Own reviews (admins: anyone’s), hidden ones marked, newest first',
  })
  @ApiInvalidInput
  listOwn(@Query() query: OwnReviewsQuery) {
    return this.reviews.listOwn(query.email, pageOf(query));
  }

  @Get('adminReviews')
  @AdminOnly()
  @ApiOkResponse({
    type: [OwnReviewResponse],
    description: 'Every review, hidden ones too, newest first; total in X-Total-Count',
  })
  @ApiInvalidInput
  async listAll(@Query() query: PageQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const { reviews, total } = await this.reviews.listAll(pageOf(query));
    return withTotal(reply, reviews, total);
  }
}
