import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  BuyingMessages,
  SAVED_LISTS_MAX,
  type DeletedAnswer,
  type InsertedAnswer,
  type ModifiedAnswer,
} from '@toolshop/contracts';
import { Types, type Model } from 'mongoose';
import { deleted, inserted, modified } from '../common/answers.dto';
import { conflict, invalid, notFound } from '../common/domain-error';
import { DatabaseLocks } from '../common/lease-locks';
import { CompanyMemberRecord } from '../companies/company.schema';
import { ToolsService } from '../tools/tools.service';
import type { SavedListInputDto } from './saved-list.dto';
import { SavedListRecord } from './saved-list.schema';

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * A customer's saved lists. Every read and write is filtered by the owner's email, so another
 * customer's list answers exactly as a missing one (404). Writes of one customer's lists run one
 * at a time across API processes (a lease per customer), so the name stays unique and the count
 * within SAVED_LISTS_MAX even when two tabs save at once.
 */
@Injectable()
export class SavedListsService {
  constructor(
    @InjectModel(SavedListRecord.name) private readonly lists: Model<SavedListRecord>,
    @InjectModel(CompanyMemberRecord.name) private readonly members: Model<CompanyMemberRecord>,
    private readonly tools: ToolsService,
    private readonly locks: DatabaseLocks,
  ) {}

  /** The caller's own lists, then those their company's other members share; newest change first. */
  async listOwn(email: string) {
    const own = await this.lists
      .find({ email }, { email: 0, nameKey: 0, createdAt: 0 })
      .sort({ updatedAt: -1, _id: -1 })
      .limit(SAVED_LISTS_MAX)
      .lean();
    const colleagues = await this.colleaguesOf(email);
    if (colleagues.length === 0) return own;
    const shared = await this.lists
      .find({ email: { $in: colleagues }, shared: true }, { nameKey: 0, createdAt: 0 })
      .sort({ updatedAt: -1, _id: -1 })
      .limit(SAVED_LISTS_MAX)
      .lean();
    return [...own, ...shared.map(({ email: owner, ...list }) => ({ ...list, owner }))];
  }

  /** The other members of the caller's company (none outside one). */
  private async colleaguesOf(email: string): Promise<string[]> {
    const member = await this.members.findOne({ email }, { companyId: 1 }).lean();
    if (!member) return [];
    const all = await this.members.find({ companyId: member.companyId }, { email: 1 }).lean();
    return all.map((each) => each.email).filter((each) => each !== email);
  }

  async create(email: string, input: SavedListInputDto): Promise<InsertedAnswer> {
    const list = await this.recordOf(input);
    return this.ofCustomer(email, async () => {
      if ((await this.lists.countDocuments({ email })) >= SAVED_LISTS_MAX)
        throw conflict(BuyingMessages.tooManyLists);
      await this.refuseTakenName(email, list.nameKey);
      const created = await this.lists.create({
        email,
        ...list,
        ...(input.shared && { shared: true }),
      });
      return inserted(created._id);
    });
  }

  async replace(email: string, id: string, input: SavedListInputDto): Promise<ModifiedAnswer> {
    const list = await this.recordOf(input);
    return this.ofCustomer(email, async () => {
      if (!(await this.lists.exists({ _id: id, email })))
        throw notFound(BuyingMessages.listNotFound);
      await this.refuseTakenName(email, list.nameKey, id);
      const result = await this.lists.updateOne(
        { _id: id, email },
        { $set: { ...list, ...(input.shared !== undefined && { shared: input.shared }) } },
      );
      return modified(result.matchedCount, result.modifiedCount);
    });
  }

  remove(email: string, id: string): Promise<DeletedAnswer> {
    return this.ofCustomer(email, async () => {
      const result = await this.lists.deleteOne({ _id: id, email });
      if (result.deletedCount === 0) throw notFound(BuyingMessages.listNotFound);
      return deleted(result.deletedCount);
    });
  }

  private ofCustomer<T>(email: string, write: () => Promise<T>): Promise<T> {
    return this.locks.run(`savedLists:${email}`, write);
  }

  private async refuseTakenName(email: string, key: string, except?: string): Promise<void> {
    const filter = { email, nameKey: key, ...(except && { _id: { $ne: except } }) };
    if (await this.lists.exists(filter)) throw conflict(BuyingMessages.listNameTaken);
  }

  /**
   * The list as stored: the name trimmed, each line with its product's current name (shown even
   * if the product goes later). Lines name distinct, existing products; quantities are kept as given.
   */
  private async recordOf(input: SavedListInputDto) {
    const found = new Map(
      (await this.tools.findMany(input.lines.map((line) => line.toolId))).map((tool) => [
        String(tool._id),
        tool,
      ]),
    );
    const seen = new Set<string>();
    const problems: string[] = [];
    const lines = input.lines.map(({ toolId, quantity }, index) => {
      const tool = found.get(toolId);
      if (!tool)
        problems.push(
          BuyingMessages.lineProblem(index + 1, toolId, BuyingMessages.unknownProduct(toolId)),
        );
      else if (seen.has(toolId))
        problems.push(BuyingMessages.lineProblem(index + 1, tool.name, BuyingMessages.listedTwice));
      seen.add(toolId);
      return {
        toolId: new Types.ObjectId(toolId),
        name: tool?.name ?? '',
        // Order this list writes "SKU — name", which the check reads back exactly.
        ...(tool?.sku && { sku: tool.sku }),
        quantity,
      };
    });
    if (problems.length > 0) throw invalid(problems.join('; '));
    return { name: input.name.trim(), nameKey: nameKey(input.name), lines };
  }
}
