import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { Review } from '../reviews/review.schema';
import { Tool } from '../tools/tool.schema';
import { SEED_REVIEWS, SEED_TOOLS } from './seed-data';

/** Embedded mode (SEED=true): fills empty tools and reviews collections with the demo catalog. */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('SeedService');

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @InjectModel(Tool.name) private readonly tools: Model<Tool>,
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seed) return;
    if ((await this.tools.estimatedDocumentCount()) === 0) {
      // Inserted in reverse so that the newest-first catalog lists them in this order.
      const tools = [...SEED_TOOLS].reverse().map(({ image, ...tool }) => ({
        ...tool,
        img: `${this.config.publicUrl}/images/${image}`,
      }));
      for (const tool of tools) await this.tools.create(tool);
      this.logger.log(`seeded ${tools.length} tools`);
    }
    if ((await this.reviews.estimatedDocumentCount()) === 0) {
      for (const review of [...SEED_REVIEWS].reverse()) await this.reviews.create(review);
      this.logger.log(`seeded ${SEED_REVIEWS.length} reviews`);
    }
  }
}
