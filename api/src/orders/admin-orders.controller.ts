import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../access/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ModifiedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { pageOf, withTotal } from '../common/pagination';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import {
  AdminOrdersQuery,
  ApproveOrderDto,
  DayStatsResponse,
  OrderResponse,
  shippingDetails,
  StatsQuery,
} from './order.dto';
import { AdminOrdersService } from './admin-orders.service';
import { Idempotent } from '../common/idempotency';

@ApiTags('admin orders')
@Controller('adminOrders')
@AdminOnly()
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  @Get()
  @ApiOkResponse({
    type: [OrderResponse],
    description:
      'All orders, newest first, of the state and matching the search q if given; total in X-Total-Count',
  })
  @ApiInvalidInput
  async list(@Query() query: AdminOrdersQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const { orders, total } = await this.orders.listAll(
      query.state,
      { ...pageOf(query), requested: true },
      query.q,
    );
    return withTotal(reply, orders, total ?? 0);
  }

  @Get('stats')
  @ApiOkResponse({
    type: [DayStatsResponse],
    description: 'Orders and paid revenue per UTC day, oldest first',
  })
  @ApiInvalidInput
  stats(@Query() query: StatsQuery) {
    return this.orders.stats(query.days ?? 30);
  }

  @Patch(':id')
  @Idempotent()
  @Audited('order.approve', {
    // Only a paid order that was not shipped is approved (a repeat is refused: no entry).
    change: ({ body }) => ({
      before: { shipped: false },
      after: { shipped: true, ...shippingDetails(body as ApproveOrderDto) },
    }),
  })
  @RateLimit('writes')
  @ApiOkResponse({
    type: ModifiedResponse,
    description:
      'Approves a paid order (the lifecycle’s ship): it becomes shipped, with the optional carrier and tracking number',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No such order', type: ErrorResponse })
  @ApiConflictResponse({
    description: 'The order is not paid, or was approved already',
    type: ErrorResponse,
  })
  approve(
    @CurrentUser() admin: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: ApproveOrderDto,
  ) {
    return this.orders.approve(id, admin.email, shippingDetails(body));
  }

  @Post(':id/delivery')
  @HttpCode(200)
  @Idempotent()
  @Audited('order.deliver')
  @RateLimit('writes')
  @ApiOkResponse({
    type: ModifiedResponse,
    description: 'Marks a shipped order delivered; the customer is emailed',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No such order', type: ErrorResponse })
  @ApiConflictResponse({ description: 'The order is not shipped', type: ErrorResponse })
  deliver(@CurrentUser() admin: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.orders.deliver(id, admin.email);
  }
}
