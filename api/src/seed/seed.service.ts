import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { demoAccounts } from '@toolshop/settings';
import type { Model } from 'mongoose';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { Review } from '../reviews/review.schema';
import { SavedListRecord } from '../saved-lists/saved-list.schema';
import { Tool } from '../tools/tool.schema';
import { SEED_REVIEWS, SEED_SAVED_LIST, SEED_TOOLS } from './seed-data';

/**
 * Embedded mode (SEED=true): fills empty tools and reviews collections with the demo catalog, and
 * an empty saved-lists collection with the demo customer's list.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('SeedService');

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @InjectModel(Tool.name) private readonly tools: Model<Tool>,
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    @InjectModel(SavedListRecord.name) private readonly lists: Model<SavedListRecord>,
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
    if ((await this.lists.estimatedDocumentCount()) === 0) await this.seedSavedList();
  }

  /** The list's products as the catalog has them (a product an admin removed is left out). */
  private async seedSavedList(): Promise<void> {
    const { name, lines } = SEED_SAVED_LIST;
    const tools = await this.tools
      .find({ name: { $in: lines.map((line) => line.product) } }, { name: 1, sku: 1 })
      .lean();
    const listed = lines.flatMap(({ product, quantity }) => {
      const tool = tools.find((candidate) => candidate.name === product);
      return tool ? [{ toolId: tool._id, name: tool.name, sku: tool.sku, quantity }] : [];
    });
    if (listed.length === 0) return;
    const email = demoAccounts.customer.email;
    await this.lists.create({ email, name, nameKey: name.toLowerCase(), lines: listed });
    this.logger.log(`seeded the saved list "${name}" of ${email}`);
  }
}
