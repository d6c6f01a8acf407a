import { Body, Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { OwnerOrAdmin } from '../access/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { EmailQueryOwner } from '../access/owner-lookup';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { DeletedResponse, InsertedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { pageOf, withTotal } from '../common/pagination';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import { CreateOrderDto, OrderResponse, OwnOrdersQuery } from './order.dto';
import { OrderCancellation } from './order-cancellation';
import { OrderParamOwner } from './order-owner';
import { OrdersService } from './orders.service';
import { Idempotent, IdempotentRun, type KeyedRun } from '../common/idempotency';

@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly cancellation: OrderCancellation,
  ) {}

  @Post()
  @Idempotent()
  @RateLimit('writes')
  @ApiCreatedResponse({
    type: InsertedResponse,
    description:
      'Email from the token; name, img and price from the tool; stock taken atomically and held until reservedUntil unless paid',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No tool with this id', type: ErrorResponse })
  @ApiConflictResponse({
    description:
      'Quantity above the stock ("enter valid quantity"), or the customer already has MAX_UNPAID_ORDERS unpaid orders',
    type: ErrorResponse,
  })
  create(
    @CurrentUser() customer: AuthUser,
    @Body() body: CreateOrderDto,
    @IdempotentRun() run: KeyedRun | undefined,
  ) {
    return this.orders.create(customer, body, run);
  }

  @Get()
  @ApiOkResponse({
    type: [OrderResponse],
    description: 'Own orders (admins: anyone’s), newest first',
  })
  @ApiInvalidInput
  @OwnerOrAdmin(EmailQueryOwner)
  async listOwn(
    @CurrentUser() caller: AuthUser,
    @Query() query: OwnOrdersQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const page = pageOf(query);
    const { orders, total } = await this.orders.listOwn(
      query.email,
      page,
      caller.email,
      query.number,
    );
    return withTotal(reply, orders, total);
  }

  @Get(':id')
  @ApiOkResponse({ type: OrderResponse })
  @ApiInvalidInput
  @OwnerOrAdmin(OrderParamOwner)
  get(@CurrentUser() caller: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.orders.get(id, caller.email);
  }

  @Delete(':id')
  @Idempotent()
  @Audited('order.cancel', { onlyAdmins: true })
  @RateLimit('writes')
  @ApiOkResponse({
    type: DeletedResponse,
    description:
      'Cancels an unpaid order (it stays, state cancelled, out of the daily lists); a started card payment is cancelled first; the quantity goes back in stock',
  })
  @ApiInvalidInput
  @OwnerOrAdmin(OrderParamOwner)
  @ApiConflictResponse({
    description:
      'The order is not unpaid (paid, cancelled…), its card payment has just succeeded, or is being processed',
    type: ErrorResponse,
  })
  cancel(@CurrentUser() caller: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.cancellation.cancel(id, caller.email);
  }
}
