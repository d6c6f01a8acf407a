import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ApiMessages,
  ReviewMessages,
  type InsertedAnswer,
  type ModifiedAnswer,
} from '@toolshop/contracts';
import { Types, type Model } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { inserted, modified } from '../common/answers.dto';
import { invalid, notFound } from '../common/domain-error';
import type { CachedPage } from '../common/cached-lists';
import { countOf, pageOfSearch, type Page } from '../common/pagination';
import { JsonSnapshot } from '../common/public-cache';
import { TtlCache } from '../common/ttl-cache';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { PaidBuyers, withVerifiedBuyers } from './paid-buyers';
import type { CreateReviewDto } from './review.dto';
import { Review } from './review.schema';
import { ReviewedTools } from './reviewed-tools';

type StoredReview = Pick<Review, 'email' | 'customerName' | 'opinion' | 'rating'> &
  Partial<Pick<Review, 'hidden' | 'createdAt' | 'toolId'>> & {
    _id: Types.ObjectId;
  };

/** The ObjectId order, served by the primary key at any page (as orders, order-changes.ts). */
const NEWEST_FIRST = { _id: -1 } as const;
/** Reviews stored before hiding existed have no `hidden` field: they are visible. */
const VISIBLE = { hidden: { $ne: true } };
const PUBLIC_FIELDS = { email: 1, customerName: 1, opinion: 1, rating: 1, toolId: 1 };
const OWN_FIELDS = { ...PUBLIC_FIELDS, hidden: 1, createdAt: 1 };

const listKey = (page: Page, toolId?: string) =>
  `${page.skip}:${page.limit}:${page.requested}:${toolId ?? ''}`;

@Injectable()
export class ReviewsService {
  /**
   * The public list (home page), serialised once per fill, "Verified buyer" included: a new or
   * hidden review clears it; a payment shows up when the entry expires (CATALOG_CACHE_MS).
   */
  private readonly lists: TtlCache<{ reviews: JsonSnapshot; total?: number }>;

  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    private readonly buyers: PaidBuyers,
    private readonly tools: ReviewedTools,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.lists = new TtlCache(config.catalogCacheMs);
  }

  /** Public: visible reviews only (of one product, if given), no emails. */
  list(page: Page, toolId?: string) {
    return this.lists.get(listKey(page, toolId), async () => {
      const filter = toolId ? { ...VISIBLE, toolId: new Types.ObjectId(toolId) } : VISIBLE;
      const [stored, total] = await Promise.all([
        this.reviews
          .find(filter, PUBLIC_FIELDS)
          .sort(NEWEST_FIRST)
          .skip(page.skip)
          .limit(page.limit)
          .lean<StoredReview[]>(),
        !page.requested
          ? Promise.resolve(undefined)
          : toolId
            ? this.reviews.countDocuments(filter)
            : this.visibleCount(),
      ]);
      const reviews = (await withVerifiedBuyers(this.buyers, stored)).map(
        ({ email: _email, ...review }) => review,
      );
      return { reviews: new JsonSnapshot(reviews), total };
    });
  }

  /**
   * A public page's snapshot while it is cached and fresh: GET /reviews without a query, or with
   * `limit` and `page` alone (the home page's first six and their total).
   */
  cachedList(search: string): CachedPage | undefined {
    const page = pageOfSearch(search);
    const hit = page && this.lists.peek(listKey(page));
    return hit && { body: hit.reviews, total: hit.total };
  }

  /** One customer's reviews, hidden ones too (marked). */
  async listOwn(email: string, page: Page) {
    const own = await this.reviews
      .find({ email: email.toLowerCase() }, OWN_FIELDS)
      .sort(NEWEST_FIRST)
      .skip(page.skip)
      .limit(page.limit)
      .lean<StoredReview[]>();
    return withVerifiedBuyers(this.buyers, own.map(withHiddenFlag));
  }

  /** Admins: every review, hidden ones too, with the total. */
  async listAll(page: Page) {
    const [all, total] = await Promise.all([
      this.reviews
        .find({}, OWN_FIELDS)
        .sort(NEWEST_FIRST)
        .skip(page.skip)
        .limit(page.limit)
        .lean<StoredReview[]>(),
      countOf(this.reviews),
    ]);
    return { reviews: await withVerifiedBuyers(this.buyers, all.map(withHiddenFlag)), total };
  }

  /** All reviews less the hidden ones: two counts an index serves (a count of "not hidden" is not). */
  private async visibleCount(): Promise<number> {
    const [all, hidden] = await Promise.all([
      countOf(this.reviews),
      this.reviews.countDocuments({ hidden: true }),
    ]);
    return all - hidden;
  }

  async create(author: AuthUser, body: CreateReviewDto): Promise<InsertedAnswer> {
    if (body.toolId !== undefined && !(await this.tools.exists(body.toolId)))
      throw invalid(ReviewMessages.toolNotFound);
    const review = await this.reviews.create({
      email: author.email,
      customerName: author.name || author.email.split('@')[0],
      opinion: body.opinion.trim(),
      rating: body.rating,
      ...(body.toolId === undefined ? {} : { toolId: new Types.ObjectId(body.toolId) }),
    });
    this.lists.clear();
    return inserted(review._id);
  }

  async setHidden(id: string, hidden: boolean): Promise<ModifiedAnswer> {
    const result = await this.reviews.updateOne({ _id: id }, { $set: { hidden } });
    if (result.matchedCount === 0) throw notFound(ApiMessages.reviewNotFound);
    this.lists.clear();
    return modified(result.matchedCount, result.modifiedCount);
  }
}

function withHiddenFlag<T extends { hidden?: boolean }>(review: T): T & { hidden: boolean } {
  return { ...review, hidden: review.hidden === true };
}
