import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { InsertedAnswer } from '@toolshop/contracts';
import type { Model, Types } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { inserted } from '../common/answers.dto';
import type { Page } from '../common/pagination';
import { JsonSnapshot } from '../common/public-cache';
import { TtlCache } from '../common/ttl-cache';
import { API_CONFIG, type ApiConfig } from '../config/config';
import type { CreateReviewDto } from './review.dto';
import { Review } from './review.schema';

type PublicReview = Pick<Review, 'customerName' | 'opinion' | 'rating'> & { _id: Types.ObjectId };

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

@Injectable()
export class ReviewsService {
  /** The public list (home page), serialised once per fill; a new review clears it. */
  private readonly lists: TtlCache<{ reviews: JsonSnapshot; total?: number }>;

  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.lists = new TtlCache(config.catalogCacheMs);
  }

  /** Public: no emails. */
  list(page: Page) {
    return this.lists.get(`${page.skip}:${page.limit}:${page.requested}`, async () => {
      const [reviews, total] = await Promise.all([
        this.reviews
          .find({}, { customerName: 1, opinion: 1, rating: 1 })
          .sort(NEWEST_FIRST)
          .skip(page.skip)
          .limit(page.limit)
          .lean<PublicReview[]>(),
        page.requested ? this.reviews.countDocuments() : Promise.resolve(undefined),
      ]);
      return { reviews: new JsonSnapshot(reviews), total };
    });
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
    this.lists.clear();
    return inserted(review._id);
  }
}
