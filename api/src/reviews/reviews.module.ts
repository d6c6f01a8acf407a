import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PaidBuyers, PaidOrderView, PaidOrderViewSchema } from './paid-buyers';
import { Review, ReviewSchema } from './review.schema';
import { ReviewedTools, ReviewedToolView, ReviewedToolViewSchema } from './reviewed-tools';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Review.name, schema: ReviewSchema },
      { name: PaidOrderView.name, schema: PaidOrderViewSchema },
      { name: ReviewedToolView.name, schema: ReviewedToolViewSchema },
    ]),
  ],
  controllers: [ReviewsController],
  providers: [ReviewsService, PaidBuyers, ReviewedTools],
  exports: [ReviewsService],
})
export class ReviewsModule {}
