import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { Tool, type StockHold } from './tool.schema';
import type { LeanTool } from './tools.service';

/**
 * Whether the order with this id still keeps the stock it took (the orders module answers; tools
 * never read orders).
 */
export type OrderSaved = (orderId: string) => Promise<boolean>;

/** One order's lines in the order their stock is taken, the same for every caller. */
const inIdOrder = <L extends { toolId: string }>(lines: readonly L[]): L[] =>
  [...lines].sort((a, b) => (a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0));

/**
 * The stock reservation protocol: an order takes stock and gives it back only through here, each
 * change written together with a hold naming the order, so a process dying in between leaves a
 * hold that settleHolds settles once (by whether the order still keeps its stock).
 */
@Injectable()
export class StockReservations {
  constructor(@InjectModel(Tool.name) private readonly tools: Model<Tool>) {}

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
}
