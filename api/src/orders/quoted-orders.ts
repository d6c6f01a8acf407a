import { Injectable } from '@nestjs/common';
import {
  QuoteMessages,
  type InsertedAnswer,
  type OrderLineInput,
  type QuickOrderCheck,
} from '@toolshop/contracts';
import type { AuthUser } from '../auth/auth-user';
import { conflict } from '../common/domain-error';
import type { KeyedRun } from '../common/idempotency';
import { ToolsService } from '../tools/tools.service';
import type { QuickOrderDto } from './quick-order.dto';
import { OrdersService } from './orders.service';

export interface QuotedLine {
  toolId: string;
  quantity: number;
  /** Whole dollars a unit, as quoted. */
  unitPrice: number;
}

export type QuotedShipping = Omit<QuickOrderDto, 'lines'>;

/**
 * The one way in for an accepted quote: the normal multi-line placement (lifecycle, number,
 * stock all or nothing, emails, invoice) with the quoted unit prices instead of the tiers.
 */
@Injectable()
export class QuotedOrders {
  constructor(
    private readonly orders: OrdersService,
    private readonly tools: ToolsService,
  ) {}

  /** Each line's product as the quick order reads it (SKU, name or id), with its problems. */
  check(lines: OrderLineInput[]): Promise<QuickOrderCheck> {
    return this.orders.check(lines);
  }

  async place(
    customer: AuthUser,
    lines: readonly QuotedLine[],
    shipping: QuotedShipping,
    run?: KeyedRun,
  ): Promise<InsertedAnswer> {
    await this.refuseShortStock(lines);
    const prices = new Map(lines.map((line) => [line.toolId, line.unitPrice]));
    const body = {
      ...shipping,
      lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
    };
    try {
      return await this.orders.createFromLines(customer, body, run, prices);
    } catch (error) {
      // Stock that went between the check and the reservation: name the product now short.
      await this.refuseShortStock(lines);
      throw error;
    }
  }

  /** 409 naming the first line whose product has less in stock than the quote's quantity. */
  private async refuseShortStock(lines: readonly QuotedLine[]): Promise<void> {
    const found = new Map(
      (await this.tools.findMany(lines.map((line) => line.toolId))).map((tool) => [
        String(tool._id),
        tool,
      ]),
    );
    for (const line of lines) {
      const tool = found.get(line.toolId);
      if (tool && tool.available < line.quantity)
        throw conflict(QuoteMessages.notEnoughStock(tool.name, tool.available));
    }
  }
}
