import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ApiMessages,
  validateNewTool,
  type DeletedAnswer,
  type InsertedAnswer,
  type ModifiedAnswer,
  type ToolQuery,
} from '@toolshop/contracts';
import type { Model, Types } from 'mongoose';
import { deleted, inserted, modified } from '../common/answers.dto';
import { invalid, notFound } from '../common/domain-error';
import { DatabaseLocks } from '../common/lease-locks';
import type { Page } from '../common/pagination';
import { JsonSnapshot } from '../common/public-cache';
import { TtlCache } from '../common/ttl-cache';
import { API_CONFIG, type ApiConfig } from '../config/config';
import type { CreateToolDto } from './tool.dto';
import { resolveImageLink } from './image-link';
import { byStock, needsStockView, toolFilter, toolQueryKey, toolSort } from './tool-query';
import { Tool } from './tool.schema';

type LeanTool = Tool & { _id: Types.ObjectId };
/** Catalog views (query x page) one process keeps. */
export const CATALOG_VIEWS_CACHED = 100;

@Injectable()
export class ToolsService {
  /** The public list, the shop's hottest read, serialised once per fill; admin writes clear it. */
  private readonly lists: TtlCache<{ tools: JsonSnapshot; total?: number }>;

  constructor(
    @InjectModel(Tool.name) private readonly tools: Model<Tool>,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    /** Every write of one tool's document, one at a time across API processes (see LeaseLocks). */
    private readonly locks: DatabaseLocks,
  ) {
    this.lists = new TtlCache(config.catalogCacheMs, CATALOG_VIEWS_CACHED);
  }

  /**
   * The catalog: newest first unless sorted (see tool-query.ts). Cached per view; the cache holds
   * at most CATALOG_VIEWS_CACHED views (the oldest fill leaves first), so varied queries cannot grow it.
   */
  list(page: Page, query: ToolQuery = {}) {
    const key = `${toolQueryKey(query)}:${page.skip}:${page.limit}:${page.requested}`;
    return this.lists.get(key, async () => {
      const filter = toolFilter(query);
      if (needsStockView(query)) {
        const all = byStock(
          await this.tools.find(filter).sort(toolSort(query.sort)).lean<LeanTool[]>(),
          query,
        );
        const tools = all.slice(page.skip, page.skip + page.limit);
        return { tools: new JsonSnapshot(tools), total: page.requested ? all.length : undefined };
      }
      const [tools, total] = await Promise.all([
        this.tools
          .find(filter)
          .sort(toolSort(query.sort))
          .skip(page.skip)
          .limit(page.limit)
          .lean<LeanTool[]>(),
        page.requested ? this.tools.countDocuments(filter) : Promise.resolve(undefined),
      ]);
      return { tools: new JsonSnapshot(tools), total };
    });
  }

  async get(id: string) {
    const tool = await this.tools.findById(id).lean();
    if (!tool) throw notFound(ApiMessages.toolNotFound);
    return tool;
  }

  async create(tool: CreateToolDto): Promise<InsertedAnswer> {
    // The DTO checked each field; the shared rules (the same as the admin form's) check them together.
    const problems = Object.values(validateNewTool(tool));
    if (problems.length > 0) throw invalid(problems.join('; '));
    const image = resolveImageLink(tool.img, this.config.publicUrl, this.config.imageHosts);
    if ('problem' in image) throw invalid(image.problem);
    const created = await this.tools.create({ ...tool, img: image.link });
    this.lists.clear();
    return inserted(created._id);
  }

  async restock(id: string, available: number): Promise<ModifiedAnswer> {
    const result = await this.stock(id, () =>
      this.tools.updateOne({ _id: id }, { $set: { available } }),
    );
    this.lists.clear();
    if (result.matchedCount === 0) throw notFound(ApiMessages.toolNotFound);
    return modified(result.matchedCount, result.modifiedCount);
  }

  async remove(id: string): Promise<DeletedAnswer> {
    const result = await this.stock(id, () => this.tools.deleteOne({ _id: id }));
    this.lists.clear();
    if (result.deletedCount === 0) throw notFound(ApiMessages.toolNotFound);
    return deleted(result.deletedCount);
  }

  /**
   * Takes `quantity` units out of stock in one conditional update, so concurrent orders can never
   * oversell. Answers the tool as it was before, or null when the quantity is out of range.
   */
  async take(id: string, quantity: number) {
    // Orders do not clear the list cache: under order load it would never hit, and the listed stock
    // may lag CATALOG_CACHE_MS; the order itself is checked against the database.
    const tool = await this.stock(id, () =>
      this.tools
        .findOneAndUpdate(
          { _id: id, minOrder: { $lte: quantity }, available: { $gte: quantity } },
          { $inc: { available: -quantity } },
          { returnDocument: 'before' },
        )
        .lean(),
    );
    return tool;
  }

  /** Puts stock back (cancelled order, or an order that could not be saved). */
  async giveBack(id: string, quantity: number): Promise<void> {
    await this.stock(id, () =>
      this.tools.updateOne({ _id: id }, { $inc: { available: quantity } }),
    );
  }

  private stock<T>(id: string, write: () => Promise<T>): Promise<T> {
    return this.locks.run(`tool:${id}`, write);
  }

  async find(id: string) {
    return this.tools.findById(id, { minOrder: 1, available: 1 }).lean();
  }
}
