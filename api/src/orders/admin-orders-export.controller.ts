import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { InputMessages, ORDER_STATE_FILTERS, type OrderStateFilter } from '@toolshop/contracts';
import { IsIn, IsOptional } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { AdminOnly } from '../access/access.decorators';
import { ApiInvalidInput } from '../common/error-response.dto';
import { AdminOrdersService } from './admin-orders.service';
import { orderCsvFilename } from './order-csv';

/** GET /adminOrders/export.csv: the state filter of Manage All Orders (none: every open order). */
export class ExportOrdersQuery {
  @ApiPropertyOptional({
    enum: ORDER_STATE_FILTERS,
    description: 'returns: every return under way',
  })
  @IsOptional()
  @IsIn(ORDER_STATE_FILTERS, { message: InputMessages.orderState })
  state?: OrderStateFilter;
}

@ApiTags('admin orders')
@Controller('adminOrders')
@AdminOnly()
export class AdminOrdersExportController {
  constructor(private readonly orders: AdminOrdersService) {}

  /** Every order of the filter, newest first, streamed (AdminOrdersService.csvLines). */
  @Get('export.csv')
  // CSV for the file only: its refusals are the API's JSON errors (an operation-wide
  // @ApiProduces would document them as CSV too).
  @ApiOkResponse({
    description: 'All orders of the state (or all), newest first, as CSV (attachment)',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiInvalidInput
  export(@Query() query: ExportOrdersQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('Cache-Control', 'no-store');
    return new StreamableFile(Readable.from(this.orders.csvLines(query.state)), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${orderCsvFilename(query.state)}"`,
    });
  }
}
