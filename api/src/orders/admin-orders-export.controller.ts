import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiOkResponse, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { InputMessages, ORDER_STATES, type OrderState } from '@toolshop/contracts';
import { IsIn, IsOptional } from 'class-validator';
import type { FastifyReply } from 'fastify';
import type { Model } from 'mongoose';
import { Readable } from 'node:stream';
import { AdminOnly } from '../access/access.decorators';
import { ApiInvalidInput } from '../common/error-response.dto';
import { NEWEST_FIRST, ordersInState, PUBLIC_FIELDS } from './order-changes';
import {
  csvRow,
  type CsvOrder,
  ORDER_CSV_HEADER,
  orderCsvFilename,
  orderCsvRow,
} from './order-csv';
import { Order } from './order.schema';

/** GET /adminOrders/export.csv: the state filter of Manage All Orders (none: every open order). */
export class ExportOrdersQuery {
  @ApiPropertyOptional({ enum: ORDER_STATES })
  @IsOptional()
  @IsIn(ORDER_STATES, { message: InputMessages.orderState })
  state?: OrderState;
}

/** Rows read from the database per round trip while the file streams out. */
const BATCH = 200;

@ApiTags('admin orders')
@Controller('adminOrders')
@AdminOnly()
export class AdminOrdersExportController {
  constructor(@InjectModel(Order.name) private readonly orders: Model<Order>) {}

  /**
   * Every order of the filter, newest first, streamed from a database cursor (never the whole list
   * in memory), UTF-8 with a byte order mark so that spreadsheets read the names right.
   */
  @Get('export.csv')
  // CSV for the file only: its refusals are the API's JSON errors (an operation-wide
  // @ApiProduces would document them as CSV too).
  @ApiOkResponse({
    description: 'All orders of the state (or all), newest first, as CSV (attachment)',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiInvalidInput
  export(@Query() query: ExportOrdersQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const cursor = this.orders
      .find(ordersInState(query.state), PUBLIC_FIELDS)
      .sort(NEWEST_FIRST)
      .lean<CsvOrder[]>()
      .cursor({ batchSize: BATCH });
    async function* lines() {
      yield `\uFEFF${csvRow(ORDER_CSV_HEADER)}`;
      for await (const order of cursor) yield orderCsvRow(order);
    }
    void reply.header('Cache-Control', 'no-store');
    return new StreamableFile(Readable.from(lines()), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${orderCsvFilename(query.state)}"`,
    });
  }
}
