import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  CompanyMessages,
  CompanyPriceMessages,
  companyUnitPrice,
  type CompanyPriceList,
  type CompanyPriceTerms,
  type CompanySummary,
  type MemberPrice,
  type ModifiedAnswer,
} from '@toolshop/contracts';
import { Types, type Model } from 'mongoose';
import { modified } from '../common/answers.dto';
import { invalid, notFound } from '../common/domain-error';
import type { Page } from '../common/pagination';
import { escapeRegex } from '../tools/tool-query';
import { ToolsService } from '../tools/tools.service';
import type { CompanyPriceListInputDto } from './company-prices.dto';
import { CompanyPriceListRecord } from './company-prices.schema';
import { CompanyMemberRecord, CompanyRecord } from './company.schema';

/** A buyer's company terms per tool id; undefined: the normal price. */
export type CompanyPricing = (toolId: string) => CompanyPriceTerms | undefined;

const NO_COMPANY_PRICES: CompanyPricing = () => undefined;

/**
 * Company price lists: the admin's list per company, and the terms a buyer's company gives on
 * the tools of one order (memberUnitPrice of @toolshop/contracts applies them).
 */
@Injectable()
export class CompanyPrices {
  constructor(
    @InjectModel(CompanyPriceListRecord.name)
    private readonly lists: Model<CompanyPriceListRecord>,
    @InjectModel(CompanyRecord.name) private readonly companies: Model<CompanyRecord>,
    @InjectModel(CompanyMemberRecord.name) private readonly members: Model<CompanyMemberRecord>,
    private readonly tools: ToolsService,
  ) {}

  /**
   * The terms the buyer's company gives on these tools: the membership by its unique email, then
   * the list by `_id` with only these tools' fixed prices projected.
   */
  async forBuyer(email: string, toolIds: readonly string[]): Promise<CompanyPricing> {
    const member = await this.members.findOne({ email }, { companyId: 1 }).lean();
    if (!member) return NO_COMPANY_PRICES;
    const terms = await this.termsOf(member.companyId, toolIds);
    return terms ? (toolId) => terms.get(toolId.toLowerCase()) : NO_COMPANY_PRICES;
  }

  private async termsOf(companyId: Types.ObjectId, toolIds: readonly string[]) {
    const ids = [...new Set(toolIds.map((id) => id.toLowerCase()))].filter((id) =>
      /^[0-9a-f]{24}$/.test(id),
    );
    const projection = Object.fromEntries([
      ['discountPercent', 1],
      ...ids.map((id) => [`prices.${id}`, 1]),
    ]);
    const list = await this.lists
      .findById(companyId, projection)
      .lean<Pick<CompanyPriceListRecord, 'discountPercent' | 'prices'>>();
    if (!list) return undefined;
    const discountPercent = list.discountPercent || undefined;
    return new Map(
      ids.map((id) => {
        const fixedPrice = list.prices?.[id];
        return [
          id,
          {
            ...(discountPercent && { discountPercent }),
            ...(typeof fixedPrice === 'number' && { fixedPrice }),
          },
        ];
      }),
    );
  }

  /** GET /tools/{id}/price: the caller's company's price of one tool (none for a plain customer). */
  async memberPrice(email: string, toolId: string): Promise<MemberPrice> {
    const tool = await this.tools.get(toolId);
    const answer: MemberPrice = { toolId: String(tool._id), listPrice: tool.price };
    const member = await this.members.findOne({ email }, { companyId: 1 }).lean();
    if (!member) return answer;
    const terms = (await this.termsOf(member.companyId, [toolId]))?.get(toolId.toLowerCase());
    const companyPrice = companyUnitPrice(tool.price, terms);
    if (companyPrice === undefined) return answer;
    const company = await this.companies.findById(member.companyId, { name: 1 }).lean();
    if (!company) return answer;
    return { ...answer, company: { name: company.name, ...terms }, companyPrice };
  }

  /** GET /admin/companies: by name, with their member counts and price list summaries. */
  async list(page: Page, q?: string): Promise<{ companies: CompanySummary[]; total?: number }> {
    const filter = q?.trim() ? { name: { $regex: escapeRegex(q.trim()), $options: 'i' } } : {};
    const [found, total] = await Promise.all([
      this.companies
        .find(filter, { name: 1 })
        .sort({ name: 1, _id: 1 })
        .skip(page.skip)
        .limit(page.limit)
        .lean(),
      page.requested ? this.companies.countDocuments(filter) : undefined,
    ]);
    const ids = found.map((company) => company._id);
    const [counts, lists] = await Promise.all([
      this.members.aggregate<{ _id: Types.ObjectId; members: number }>([
        { $match: { companyId: { $in: ids } } },
        { $group: { _id: '$companyId', members: { $sum: 1 } } },
      ]),
      this.lists.find({ _id: { $in: ids } }, { discountPercent: 1, fixedPrices: 1 }).lean(),
    ]);
    const membersOf = new Map(counts.map((count) => [String(count._id), count.members]));
    const listOf = new Map(lists.map((list) => [String(list._id), list]));
    return {
      companies: found.map((company) => {
        const list = listOf.get(String(company._id));
        return {
          _id: String(company._id),
          name: company.name,
          members: membersOf.get(String(company._id)) ?? 0,
          ...(list?.discountPercent && { discountPercent: list.discountPercent }),
          fixedPrices: list?.fixedPrices ?? 0,
        };
      }),
      total,
    };
  }

  /** GET /admin/companies/{id}/prices: the list with each product's name and price as they are now. */
  async read(id: string): Promise<CompanyPriceList> {
    await this.companyExists(id);
    const list = await this.lists.findById(id).lean();
    const entries = Object.entries(list?.prices ?? {});
    const tools = new Map(
      (await this.tools.findMany(entries.map(([product]) => product))).map((tool) => [
        String(tool._id),
        tool,
      ]),
    );
    return {
      companyId: id,
      ...(list?.discountPercent && { discountPercent: list.discountPercent }),
      prices: entries.map(([product, unitPrice]) => {
        const tool = tools.get(product);
        return {
          product,
          unitPrice,
          ...(tool && { name: tool.name, listPrice: tool.price }),
          ...(tool?.sku && { sku: tool.sku }),
        };
      }),
      ...(list && { updatedAt: list.updatedAt.toISOString() }),
    };
  }

  /**
   * PUT /admin/companies/{id}/prices: replaces the company's list in one write of its one
   * document (of two admins saving at once, the later list stands whole).
   */
  async replace(
    id: string,
    input: CompanyPriceListInputDto,
    admin: string,
  ): Promise<ModifiedAnswer> {
    await this.companyExists(id);
    const products = input.prices.map((entry) => entry.product.toLowerCase());
    const known = new Set(
      (await this.tools.findMany(products)).map((tool) => String(tool._id).toLowerCase()),
    );
    const unknown = products.filter((product) => !known.has(product));
    if (unknown.length > 0) throw invalid(CompanyPriceMessages.unknownProducts(unknown));
    const discountPercent = input.discountPercent || undefined;
    const result = await this.lists.replaceOne(
      { _id: new Types.ObjectId(id) },
      {
        ...(discountPercent !== undefined && { discountPercent }),
        prices: Object.fromEntries(
          input.prices.map((entry) => [entry.product.toLowerCase(), entry.unitPrice]),
        ),
        fixedPrices: input.prices.length,
        updatedAt: new Date(),
        updatedBy: admin,
      },
      { upsert: true },
    );
    return modified(1, result.modifiedCount + result.upsertedCount);
  }

  private async companyExists(id: string): Promise<void> {
    if (!(await this.companies.exists({ _id: id })))
      throw notFound(CompanyMessages.companyNotFound);
  }
}
