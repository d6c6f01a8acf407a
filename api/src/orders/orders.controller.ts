import { Body, Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { DeletedResponse, InsertedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { pageOf, withTotal } from '../common/pagination';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import { UsersService } from '../users/users.service';
import { CreateOrderDto, OrderResponse, OwnOrdersQuery } from './order.dto';
import { OrderCancellation } from './order-cancellation';
import { OrdersService } from './orders.service';

const notYours = ApiForbiddenResponse({
  description: 'Not the caller’s order (and not an admin)',
  type: ErrorResponse,
});
const notFound = ApiNotFoundResponse({
  description: 'No such order, or someone else’s (the two answer alike)',
  type: ErrorResponse,
});

@ApiTags('orders')
@Controller('orders')
@SignedIn()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly users: UsersService,
    private readonly cancellation: OrderCancellation,
  ) {}

  @Post()
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
  create(@CurrentUser() customer: AuthUser, @Body() body: CreateOrderDto) {
    return this.orders.create(customer, body);
  }

  @Get()
  @ApiOkResponse({
    type: [OrderResponse],
    description: 'Own orders (admins: anyone’s), newest first',
  })
  @ApiInvalidInput
  @notYours
  async listOwn(
    @CurrentUser() caller: AuthUser,
    @Query() query: OwnOrdersQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.users.assertSelfOrAdmin(caller, query.email);
    const page = pageOf(query);
    const { orders, total } = await this.orders.listOwn(query.email, page);
    return withTotal(reply, orders, total);
  }

  @Get(':id')
  @ApiOkResponse({ type: OrderResponse })
  @ApiInvalidInput
  @notFound
  get(@CurrentUser() caller: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.orders.getFor(caller, id);
  }

  @Delete(':id')
  @RateLimit('writes')
  @ApiOkResponse({
    type: DeletedResponse,
    description:
      'Cancels an unpaid order; a started card payment is cancelled first; the quantity goes back in stock',
  })
  @ApiInvalidInput
  @notFound
  @ApiConflictResponse({
    description: 'The order is paid, its card payment has just succeeded, or is being processed',
    type: ErrorResponse,
  })
  cancel(@CurrentUser() caller: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.cancellation.cancel(caller, id);
  }
}
