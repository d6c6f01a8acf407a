import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ApiMessages,
  normalizeSku,
  SkuMessages,
  UNCATEGORISED,
  validateNewTool,
  type DeletedAnswer,
  type InsertedAnswer,
  type ModifiedAnswer,
  type ToolQuery,
} from '@toolshop/contracts';
import { Types, type Model } from 'mongoose';
import { deleted, inserted, modified } from '../common/answers.dto';
import { conflict, invalid, notFound } from '../common/domain-error';
import type { CachedPage } from '../common/cached-lists';
import { countOf, pageOf, type Page } from '../common/pagination';
import { JsonSnapshot } from '../common/public-cache';
import { TtlCache } from '../common/ttl-cache';
import { recordChange } from '../audit/audit-trail';
import { API_CONFIG, type ApiConfig } from '../config/config';
import type { CreateToolDto, EditToolTermsDto } from './tool.dto';
import { resolveImageLink } from './image-link';
import { DEADLOCK, DUPLICATE_KEY, errorCode, generatedSku } from './sku';
import {
  escapeRegex,
  lowStockFirstPipeline,
  toolFilter,
  typoPattern,
  toolQueryKey,
  toolSort,
} from './tool-query';
import { nameKeyOf, Tool } from './tool.schema';

export type LeanTool = Tool & { _id: Types.ObjectId };
/** Reads and checks again of an edit whose tool changed meanwhile, before it answers 409. */
const EDIT_ATTEMPTS = 5;
/** Catalog views (query x page) one process keeps. */
export const CATALOG_VIEWS_CACHED = 100;

/** Single units and no tiers are stored as absent fields (the shape of every older product). */
function plainTerms<T extends { packSize?: number; priceTiers?: unknown[] }>(tool: T): T {
  const plain = { ...tool };
  if (plain.packSize === 1) delete plain.packSize;
  if (plain.priceTiers?.length === 0) delete plain.priceTiers;
  return plain;
}

/** The listed fields of a record that it has (for the audit log). */
function pick<T extends object>(record: T, keys: ReadonlyArray<keyof T>): Record<string, unknown> {
  return Object.fromEntries(
    keys.filter((key) => record[key] !== undefined).map((key) => [key, record[key]]),
  );
}

/** The buying terms an edit sets, with their defaults spelled out (for the audit log). */
function termsOf(tool: Pick<Tool, 'price' | 'minOrder' | 'packSize' | 'priceTiers'>) {
  return {
    price: tool.price,
    minOrder: tool.minOrder,
    packSize: tool.packSize ?? 1,
    priceTiers: (tool.priceTiers ?? []).map(({ minQuantity, price }) => ({ minQuantity, price })),
  };
}

/** What an edit may set beside the terms: how the product is described. */
const DESCRIPTION_FIELDS = ['name', 'img', 'shortDescription', 'category', 'sku'] as const;
type DescriptionField = (typeof DESCRIPTION_FIELDS)[number];

/** The description fields an edit sets, as stored (category: absent is "Other"), for the audit log. */
function descriptionOf(
  tool: Partial<Pick<Tool, DescriptionField>>,
  fields: readonly DescriptionField[],
) {
  return Object.fromEntries(
    fields.map((field) => [
      field,
      field === 'category' ? (tool.category ?? UNCATEGORISED) : tool[field],
    ]),
  );
}

/** What a quick order reads of a tool: its name and picture and the buying terms. */
const BUYING_FIELDS = {
  name: 1,
  sku: 1,
  img: 1,
  minOrder: 1,
  available: 1,
  price: 1,
  packSize: 1,
  priceTiers: 1,
};

const listKey = (page: Page, query: ToolQuery) =>
  `${toolQueryKey(query)}:${page.skip}:${page.limit}:${page.requested}`;
const DEFAULT_LIST = listKey(pageOf({}), {});

/** Attempts of a write that met a deadlock between racing writers of one SKU (FerretDB v2). */
const SKU_WRITE_ATTEMPTS = 3;

/**
 * Runs a write that sets a SKU: E11000 from the unique index is the SKU taken (409 naming it); a
 * deadlock of racing writers (FerretDB v2 makes the unique index an exclusion constraint) is
 * tried again, and then meets the winner's E11000.
 */
async function writingSku<T>(sku: string | undefined, write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (errorCode(error) === DEADLOCK && attempt < SKU_WRITE_ATTEMPTS) continue;
      if (sku && (errorCode(error) === DUPLICATE_KEY || errorCode(error) === DEADLOCK))
        throw conflict(SkuMessages.taken(sku));
      throw error;
    }
  }
}

/** One typeahead answer (GET /tools/lookup). */
export interface ToolLookup {
  _id: string;
  name: string;
  sku?: string;
}

const bySkuOrder = (a: { sku?: string }, b: { sku?: string }) =>
  (a.sku ?? '') < (b.sku ?? '') ? -1 : (a.sku ?? '') > (b.sku ?? '') ? 1 : 0;

/** At most this many products read for quick order's forgiving match. */
const CANDIDATES_MAX = 500;

/** The catalog with its cache, and the admins' product edits. Stock reservations: StockReservations. */
@Injectable()
export class ToolsService {
  /** The public list, the shop's hottest read, serialised once per fill; admin writes clear it. */
  private readonly lists: TtlCache<{ tools: JsonSnapshot; total?: number }>;

  constructor(
    @InjectModel(Tool.name) private readonly tools: Model<Tool>,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.lists = new TtlCache(config.catalogCacheMs, CATALOG_VIEWS_CACHED);
  }

  /**
   * The catalog: newest first unless sorted (see tool-query.ts). Cached per view; the cache holds
   * at most CATALOG_VIEWS_CACHED views (the oldest fill leaves first), so varied queries cannot grow it.
   */
  list(page: Page, query: ToolQuery = {}) {
    return this.lists.get(listKey(page, query), async () => {
      const filter = await this.searchFilter(query);
      const [tools, total] = await Promise.all([
        query.sort === 'lowStock'
          ? this.tools.aggregate<LeanTool>(lowStockFirstPipeline(filter, page)).exec()
          : this.tools
              .find(filter)
              .sort(toolSort(query.sort))
              .skip(page.skip)
              .limit(page.limit)
              .lean<LeanTool[]>(),
        page.requested ? countOf(this.tools, filter) : Promise.resolve(undefined),
      ]);
      return { tools: new JsonSnapshot(tools), total };
    });
  }

  /** The view's filter; a search the exact text finds nothing for tolerates one typo ("drils"). */
  private async searchFilter(query: ToolQuery) {
    const exact = toolFilter(query);
    if (!query.q || !typoPattern(query.q) || (await this.tools.exists(exact)) !== null)
      return exact;
    return toolFilter(query, true);
  }

  /** The default view's snapshot (GET /tools without a query) while it is cached and fresh. */
  cachedList(search: string): CachedPage | undefined {
    const tools = search === '' ? this.lists.peek(DEFAULT_LIST)?.tools : undefined;
    return tools && { body: tools };
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
    const fields = plainTerms({ ...tool, img: image.link });
    const _id = new Types.ObjectId();
    const chosen = typeof tool.sku === 'string' ? normalizeSku(tool.sku) : undefined;
    const create = (sku: string) => this.tools.create({ ...fields, _id, sku });
    // Without a SKU one is generated from the name and id (the whole id if the short one is taken).
    const created = chosen
      ? await writingSku(chosen, () => create(chosen))
      : await writingSku(undefined, () => create(generatedSku(tool.name, _id))).catch(
          (error: unknown) => {
            if (errorCode(error) !== DUPLICATE_KEY) throw error;
            return create(generatedSku(tool.name, _id, true));
          },
        );
    this.lists.clear();
    recordChange(
      {},
      pick({ ...fields, sku: created.sku }, [
        'name',
        'sku',
        'img',
        'price',
        'minOrder',
        'available',
        'packSize',
        'priceTiers',
      ]),
    );
    return inserted(created._id);
  }

  /**
   * PATCH /tools/:id: the buying terms, checked together with the rest of the stored tool and
   * written only if the tool still has the terms they were checked against (an optimistic write:
   * a concurrent edit makes it match nothing, and it is checked again on the new terms), so two
   * edits cannot combine into terms neither would have been allowed to set. Orders read the terms
   * from the tool they reserve, so a change applies from the next order on.
   */
  async editTerms(id: string, edit: EditToolTermsDto): Promise<ModifiedAnswer> {
    // A new picture is checked and resolved like one of a new product (once: it does not depend on the tool).
    const image =
      edit.img === undefined
        ? undefined
        : resolveImageLink(edit.img, this.config.publicUrl, this.config.imageHosts);
    const img = image && !('problem' in image) ? image.link : edit.img;
    const sku = typeof edit.sku === 'string' ? normalizeSku(edit.sku) : undefined;
    const described = DESCRIPTION_FIELDS.filter((field) => edit[field] !== undefined);
    for (let attempt = 0; ; attempt++) {
      const stored = await this.tools.findById(id).lean<LeanTool>();
      if (!stored) throw notFound(ApiMessages.toolNotFound);
      // Fields the body left out are undefined on the DTO: they keep the stored values.
      const given = Object.entries({
        ...edit,
        ...(img !== undefined && { img }),
        ...(sku !== undefined && { sku }),
      }).filter(([, value]) => value !== undefined);
      const edited = { ...stored, ...Object.fromEntries(given) } as LeanTool & {
        category?: Tool['category'] | null;
      };
      const terms = plainTerms(edited);
      // null clears the category: checked and stored as absent.
      if (terms.category === null) delete terms.category;
      const errors = validateNewTool(terms);
      // The minimum order above the stock only matters when this edit sets the minimum.
      const fields: Array<keyof typeof errors> = [
        'price',
        'minOrder',
        'packSize',
        'priceTiers',
        ...described,
      ];
      if (edit.minOrder !== undefined) fields.push('available');
      const problems = fields.flatMap((field) => errors[field] ?? []);
      if (problems.length > 0) throw invalid(problems.join('; '));
      if (image && 'problem' in image) throw invalid(image.problem);
      const { price, minOrder, packSize, priceTiers } = terms;
      const unset = {
        ...(packSize === undefined && { packSize: 1 }),
        ...(priceTiers === undefined && { priceTiers: 1 }),
        ...(edit.category === null && { category: 1 }),
      };
      const description = Object.fromEntries(
        described
          .filter((field) => terms[field] !== undefined)
          .map((field) => [field, terms[field]]),
      );
      if (typeof description.name === 'string') description.nameKey = nameKeyOf(description.name);
      const result = await writingSku(sku, () =>
        this.tools.updateOne(
          {
            _id: id,
            price: stored.price,
            minOrder: stored.minOrder,
            packSize: stored.packSize ?? { $exists: false },
            priceTiers: stored.priceTiers ?? { $exists: false },
            ...(edit.minOrder !== undefined && { available: stored.available }),
            // The described fields as they were read: their before in the audit log is exact.
            ...Object.fromEntries(
              described.map((field) => [field, stored[field] ?? { $exists: false }]),
            ),
          },
          {
            $set: {
              price,
              minOrder,
              ...(packSize !== undefined && { packSize }),
              ...(priceTiers && { priceTiers }),
              ...description,
            },
            ...(Object.keys(unset).length > 0 && { $unset: unset }),
          },
        ),
      );
      if (result.matchedCount > 0 || attempt >= EDIT_ATTEMPTS) {
        this.lists.clear();
        // The write matched the stored terms: they are exactly what it replaced.
        if (result.matchedCount > 0) {
          recordChange(
            { ...termsOf(stored), ...descriptionOf(stored, described) },
            { ...termsOf(terms), ...descriptionOf(terms, described) },
            terms.name,
          );
        }
        if (result.matchedCount === 0) throw conflict(ApiMessages.toolChangedMeanwhile);
        return modified(result.matchedCount, result.modifiedCount);
      }
    }
  }

  async restock(id: string, available: number): Promise<ModifiedAnswer> {
    // The stock as this write replaced it (the audit log's before).
    const before = await this.tools
      .findOneAndUpdate({ _id: id }, { $set: { available } }, { returnDocument: 'before' })
      .lean<LeanTool>();
    this.lists.clear();
    if (!before) throw notFound(ApiMessages.toolNotFound);
    recordChange({ available: before.available }, { available }, before.name);
    return modified(1, before.available === available ? 0 : 1);
  }

  async remove(id: string): Promise<DeletedAnswer> {
    // The deleted product's name (the audit log's target): read in the delete itself.
    const removed = await this.tools
      .findOneAndDelete({ _id: id }, { projection: { name: 1 } })
      .lean<Pick<LeanTool, 'name'>>();
    this.lists.clear();
    if (!removed) throw notFound(ApiMessages.toolNotFound);
    recordChange({ name: removed.name }, {}, removed.name);
    return deleted(1);
  }

  /** The tools with these ids, with what the buying rules read (quick orders). */
  findMany(ids: readonly string[]) {
    return this.tools.find({ _id: { $in: ids } }, BUYING_FIELDS).lean<LeanTool[]>();
  }

  /**
   * The tools a quick order's lines name: by SKU (upper-case, exact: the unique index), by id (24
   * hex digits) or by name, trimmed and in any case (an exact name, matched as a literal: escaped,
   * anchored).
   */
  findNamed(products: readonly string[], skus: readonly string[] = []) {
    const ids = products.filter((product) => /^[0-9a-f]{24}$/i.test(product));
    const names = [...new Set(products.map((product) => product.toLowerCase()))];
    return this.tools
      .find(
        {
          $or: [
            { _id: { $in: ids } },
            ...(skus.length > 0 ? [{ sku: { $in: [...new Set(skus)] } }] : []),
            ...names.map((name) => ({
              name: { $regex: `^\\s*${escapeRegex(name)}\\s*$`, $options: 'i' },
            })),
          ],
        },
        BUYING_FIELDS,
      )
      .sort({ _id: -1 })
      .lean<LeanTool[]>();
  }

  /**
   * Quick order's forgiving match: the products whose name starts with the first three letters of
   * a line's product (so a prefix or a typo later in the name is among them), bounded.
   */
  findCandidates(products: readonly string[]) {
    const starts = [
      ...new Set(
        products
          .map((product) => product.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 3))
          .filter((start) => start.length > 0),
      ),
    ];
    if (starts.length === 0) return Promise.resolve([] as LeanTool[]);
    return this.tools
      .find(
        {
          $or: starts.map((start) => ({
            name: { $regex: `^\\s*${escapeRegex(start)}`, $options: 'i' },
          })),
        },
        BUYING_FIELDS,
      )
      .sort({ _id: -1 })
      .limit(CANDIDATES_MAX)
      .lean<LeanTool[]>();
  }

  /**
   * GET /tools/lookup: the products whose SKU or name starts with `prefix` (any case), SKU matches
   * first, at most `limit`: two range reads on the `sku` and `nameKey` indexes, each bounded.
   */
  async lookup(prefix: string, limit: number): Promise<ToolLookup[]> {
    const range = (start: string) => ({ $gte: start, $lt: `${start}\uffff` });
    const fields = { name: 1, sku: 1 };
    const wanted = nameKeyOf(prefix);
    if (!wanted) return [];
    const [bySku, byName] = await Promise.all([
      this.tools
        .find({ sku: range(normalizeSku(prefix)) }, fields)
        .limit(limit)
        .lean<LeanTool[]>(),
      this.tools
        .find({ nameKey: range(wanted) }, fields)
        .limit(limit)
        .lean<LeanTool[]>(),
    ]);
    const seen = new Set<string>();
    return [...bySku.sort(bySkuOrder), ...byName.sort((a, b) => a.name.localeCompare(b.name))]
      .filter((tool) => !seen.has(String(tool._id)) && seen.add(String(tool._id)))
      .slice(0, limit)
      .map((tool) => ({
        _id: String(tool._id),
        name: tool.name,
        ...(tool.sku && { sku: tool.sku }),
      }));
  }

  async find(id: string) {
    return this.tools.findById(id, { minOrder: 1, available: 1, packSize: 1 }).lean();
  }
}
