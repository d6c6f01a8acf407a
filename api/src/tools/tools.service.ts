import { randomUUID } from 'node:crypto';
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
import { countOf, pageOf, type Page } from '../common/pagination';
import { JsonSnapshot } from '../common/public-cache';
import { TtlCache } from '../common/ttl-cache';
import { recordChange } from '../audit/audit-trail';
import { API_CONFIG, type ApiConfig } from '../config/config';
import type { CreateToolDto, EditToolTermsDto } from './tool.dto';
import { resolveImageLink } from './image-link';
import { DEADLOCK, DUPLICATE_KEY, errorCode, generatedSku } from './sku';
import {
  byStock,
  escapeRegex,
  needsStockView,
  toolFilter,
  typoPattern,
  toolQueryKey,
  toolSort,
} from './tool-query';
import { nameKeyOf, Tool, type StockHold } from './tool.schema';

type LeanTool = Tool & { _id: Types.ObjectId };
/** Whether the order with this id exists (the orders module answers; tools never read orders). */
export type OrderSaved = (orderId: string) => Promise<boolean>;
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

/** One order's lines in the order their stock is taken, the same for every caller. */
const inIdOrder = <L extends { toolId: string }>(lines: readonly L[]): L[] =>
  [...lines].sort((a, b) => (a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0));

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
  cachedList(): JsonSnapshot | undefined {
    return this.lists.peek(DEFAULT_LIST)?.tools;
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

  /**
   * Takes `quantity` units for the order `orderId` and runs `place` (the order's insert). The stock
   * change and a hold naming the order are one conditional write (never oversold); the hold goes
   * once the order is saved. A process dying in between leaves the hold, and settleHolds gives its
   * stock back, once. Answers what `place` answered, or null when the quantity is out of range.
   */
  async reserve<T>(
    id: string,
    quantity: number,
    orderId: string,
    place: (tool: LeanTool) => Promise<T>,
    saved: OrderSaved,
  ): Promise<T | null> {
    // Orders do not clear the list cache: under order load it would never hit, and the listed stock
    // may lag CATALOG_CACHE_MS; the order itself is checked against the database.
    const hold: StockHold = { quantity, at: new Date() };
    const tool = await this.takeHeld(id, orderId, hold);
    if (!tool) return null;
    let placed: T;
    try {
      placed = await place(tool);
    } catch (error) {
      await this.settle(id, orderId, hold, saved).catch(() => undefined);
      throw error;
    }
    // Left to settleHolds if this fails: the order exists, so it only drops the hold.
    await this.endHold(id, orderId, hold, 0).catch(() => undefined);
    return placed;
  }

  /**
   * reserve for the lines of one order (quick order), all or nothing: each tool's stock and a hold
   * naming the order are taken in one write, tool by tool in id order; a line that cannot be taken
   * gives back every line taken before it and answers null. Then `place` (the order's insert) runs
   * with the documents as they were taken, and the holds go. Taken in one order for every caller:
   * of two orders sharing scarce tools, the one that gets the first shared tool first cannot be
   * made to fail by the other, so they never both fail for each other. A crash leaves holds that
   * settleHolds settles by whether the order exists, like reserve's.
   */
  async reserveAll<T>(
    lines: ReadonlyArray<{ toolId: string; quantity: number }>,
    orderId: string,
    place: (taken: ReadonlyMap<string, LeanTool>) => Promise<T>,
    saved: OrderSaved,
  ): Promise<T | null> {
    const at = new Date();
    const holdOf = (line: { quantity: number }): StockHold => ({ quantity: line.quantity, at });
    const taken = new Map<string, LeanTool>();
    // A hold left behind by a failed give-back is the sweep's.
    const giveBack = () =>
      this.eachLine(
        lines.filter((line) => taken.has(line.toolId)),
        (line) => this.settle(line.toolId, orderId, holdOf(line), saved),
      ).catch(() => undefined);
    let placed: T;
    try {
      for (const line of inIdOrder(lines)) {
        const tool = await this.takeHeld(line.toolId, orderId, holdOf(line));
        if (!tool) {
          await giveBack();
          return null;
        }
        taken.set(line.toolId, tool);
      }
      placed = await place(taken);
    } catch (error) {
      await giveBack();
      throw error;
    }
    await this.eachLine(lines, (line) => this.endHold(line.toolId, orderId, holdOf(line), 0)).catch(
      () => undefined,
    );
    return placed;
  }

  /**
   * `write` for every line at once; answers once all are done, failing with the first failure.
   * Only for the steps whose order does not matter (taking the stock does).
   */
  private async eachLine<L extends { toolId: string }>(
    lines: readonly L[],
    write: (line: L) => Promise<unknown>,
  ): Promise<void> {
    const results = await Promise.allSettled(lines.map((line) => write(line)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * The first half of reserve: the stock and its hold in one conditional write (the database
   * applies it atomically). On its own it is what a process that died right after it leaves behind.
   * Never over a hold of the same order (two runs of one Idempotency-Key share the order id): that
   * one is settled first (settleOrderHolds), not taken twice under one hold.
   * Answers the tool as it was before, without `holds` (`select: false` applies here too).
   */
  takeHeld(id: string, orderId: string, hold: StockHold) {
    return this.tools
      .findOneAndUpdate(
        {
          _id: id,
          minOrder: { $lte: hold.quantity },
          available: { $gte: hold.quantity },
          [`holds.${orderId}`]: { $exists: false },
        },
        { $inc: { available: -hold.quantity }, $set: { [`holds.${orderId}`]: hold } },
        { returnDocument: 'before' },
      )
      .lean<LeanTool>();
  }

  /**
   * A cancel (or expiry) of an order's lines: a returning hold on every line's tool first, naming
   * this cancel (a token in `by`), then `remove` (the order's deletion, which one caller at most
   * can do), then, by that caller, each line's stock back with the hold's removal in one write.
   * Concurrent cancels of one order share the hold (each adds its token; a placing hold a dying
   * reserve left becomes it: same order, same rule). A cancel that removed nothing takes its token
   * out and removes the hold once no cancel is left in it, so a cancel arriving after the order is
   * gone leaves no hold for the sweep to give back a second time. A crash in between leaves the
   * hold to settleHolds, which decides by whether the order exists.
   */
  async returnForAll(
    lines: ReadonlyArray<{ toolId: string; quantity: number }>,
    orderId: string,
    remove: () => Promise<boolean>,
  ): Promise<boolean> {
    const path = `holds.${orderId}`;
    const by = `${path}.by`;
    const token = randomUUID();
    const at = new Date();
    await this.eachLine(lines, (line) =>
      this.tools.updateOne(
        { _id: line.toolId },
        {
          $set: {
            [`${path}.quantity`]: line.quantity,
            [`${path}.at`]: at,
            [`${path}.returning`]: true,
          },
          $addToSet: { [by]: token },
        },
      ),
    );
    const removed = await remove();
    await this.eachLine(lines, async (line) => {
      if (removed) {
        await this.tools.updateOne(
          { _id: line.toolId, [`${path}.returning`]: true },
          { $inc: { available: line.quantity }, $unset: { [path]: 1 } },
        );
        return;
      }
      await this.tools.updateOne({ _id: line.toolId, [by]: token }, { $pull: { [by]: token } });
      await this.tools.updateOne(
        { _id: line.toolId, [by]: { $size: 0 } },
        { $unset: { [path]: 1 } },
      );
    });
    return removed;
  }

  /** Tools with a hold written before `before` (at most `limit`): the expiry sweep's work. */
  async heldBefore(before: Date, limit: number): Promise<string[]> {
    // Holds are a map by order id (the stored shape): the few tools with any are read and filtered here.
    const tools = await this.tools
      .find({ holds: { $exists: true, $ne: {} } }, { holds: 1 })
      .lean<Array<{ _id: Types.ObjectId; holds?: Record<string, StockHold> }>>();
    return tools
      .filter((tool) => Object.values(tool.holds ?? {}).some((hold) => new Date(hold.at) < before))
      .slice(0, limit)
      .map((tool) => String(tool._id));
  }

  /**
   * Settles tool `id`'s holds written before `before` (their writers are gone, IN_FLIGHT_GRACE_MS):
   * a hold whose order exists is dropped (the order keeps the stock); one whose order does not
   * (never saved, or deleted by a cancel that died before giving back) gives its stock back and
   * goes, in one write. Any number of processes may sweep at once: only the first write that still
   * finds the hold as it was read ends it. Answers the units given back.
   */
  async settleHolds(id: string, before: Date, saved: OrderSaved): Promise<number> {
    const tool = await this.tools
      .findById(id, { holds: 1 })
      .lean<{ holds?: Record<string, StockHold> }>();
    let returned = 0;
    for (const [orderId, hold] of Object.entries(tool?.holds ?? {})) {
      if (new Date(hold.at) < before) returned += await this.settle(id, orderId, hold, saved);
    }
    return returned;
  }

  /**
   * Settles the holds order `orderId` has on these tools now (left by a run of its Idempotency-Key
   * that died between taking the stock and answering), as settleHolds does, without waiting for
   * the sweep's grace. Answers the units given back.
   */
  async settleOrderHolds(
    ids: readonly string[],
    orderId: string,
    saved: OrderSaved,
  ): Promise<number> {
    let returned = 0;
    for (const id of new Set(ids)) {
      const tool = await this.tools
        .findById(id, { holds: 1 })
        .lean<{ holds?: Record<string, StockHold> }>();
      const hold = tool?.holds?.[orderId];
      if (hold) returned += await this.settle(id, orderId, hold, saved);
    }
    return returned;
  }

  /** Ends the hold, giving its stock back if its order does not exist; answers the units given back. */
  private async settle(
    id: string,
    orderId: string,
    hold: StockHold,
    saved: OrderSaved,
  ): Promise<number> {
    const back = (await saved(orderId)) ? 0 : hold.quantity;
    return (await this.endHold(id, orderId, hold, back)) ? back : 0;
  }

  /**
   * Removes the order's hold and puts `back` units in stock, in one write that only matches while
   * the hold is still the one written at `hold.at`: of a sweep and the hold's writer (or two
   * sweeps), one ends it and gives back; a hold replaced since (a cancel's returning hold) is
   * left to its own writer. Answers whether it ended the hold.
   */
  private async endHold(
    id: string,
    orderId: string,
    hold: StockHold,
    back: number,
  ): Promise<boolean> {
    const result = await this.tools.updateOne(
      { _id: id, [`holds.${orderId}.at`]: new Date(hold.at) },
      { ...(back ? { $inc: { available: back } } : {}), $unset: { [`holds.${orderId}`]: 1 } },
    );
    return result.modifiedCount > 0;
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
