import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { InsertedAnswer } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { inserted } from '../common/answers.dto';
import type { Page } from '../common/pagination';
import type { CreateReviewDto } from './review.dto';
import { Review } from './review.schema';

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

@Injectable()
export class ReviewsService {
  constructor(@InjectModel(Review.name) private readonly reviews: Model<Review>) {}

  /** Public: no emails. */
  async list(page: Page) {
    const [reviews, total] = await Promise.all([
      this.reviews
        .find({}, { customerName: 1, opinion: 1, rating: 1 })
        .sort(NEWEST_FIRST)
        .skip(page.skip)
        .limit(page.limit)
        .lean(),
      page.requested ? this.reviews.countDocuments() : Promise.resolve(undefined),
    ]);
    return { reviews, total };
  }

  async listOwn(email: string, page: Page) {
    return this.reviews
      .find({ email: email.toLowerCase() }, { email: 1, customerName: 1, opinion: 1, rating: 1 })
      .sort(NEWEST_FIRST)
      .skip(page.skip)
      .limit(page.limit)
      .lean();
  }

  async create(author: AuthUser, body: CreateReviewDto): Promise<InsertedAnswer> {
    const review = await this.reviews.create({
      email: author.email,
      customerName: author.name || author.email.split('@')[0],
      opinion: body.opinion.trim(),
      rating: body.rating,
    });
    return inserted(review._id);
  }
}
