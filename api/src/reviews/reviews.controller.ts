import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags, IntersectionType } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OwnerOrAdmin } from '../access/access.decorators';
import { EmailQueryOwner } from '../access/owner-lookup';
import { CurrentUser, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { InsertedResponse } from '../common/answers.dto';
import { EmailQuery } from '../common/email-query';
import { ApiInvalidInput } from '../common/error-response.dto';
import { PageQuery, pageOf, withTotal } from '../common/pagination';
import { sendSnapshot } from '../common/public-cache';
import { RateLimit } from '../common/rate-limit.decorator';
import { CreateReviewDto, OwnReviewResponse, ReviewResponse } from './review.dto';
import { ReviewsService } from './reviews.service';

class OwnReviewsQuery extends IntersectionType(PageQuery, EmailQuery) {}

@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get('reviews')
  @Public()
  @ApiOkResponse({ type: [ReviewResponse], description: 'Public, newest first; ETag revalidation' })
  @ApiInvalidInput
  async list(
    @Query() query: PageQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { reviews, total } = await this.reviews.list(pageOf(query));
    return sendSnapshot(request, reply, withTotal(reply, reviews, total));
  }

  @Post('reviews')
  @RateLimit('writes')
  @ApiCreatedResponse({
    type: InsertedResponse,
    description: 'email and customerName come from the token',
  })
  @ApiInvalidInput
  create(@CurrentUser() author: AuthUser, @Body() body: CreateReviewDto) {
    return this.reviews.create(author, body);
  }

  @Get('userReviews')
  @OwnerOrAdmin(EmailQueryOwner)
  @ApiOkResponse({
    type: [OwnReviewResponse],
    description: 'Own reviews (admins: anyone’s), newest first',
  })
  @ApiInvalidInput
  listOwn(@Query() query: OwnReviewsQuery) {
    return this.reviews.listOwn(query.email, pageOf(query));
  }
}
