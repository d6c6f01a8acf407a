import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { InsertedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { Idempotent, IdempotentRun, type KeyedRun } from '../common/idempotency';
import { RateLimit } from '../common/rate-limit.decorator';
import { QuickOrderCheckDto, QuickOrderCheckResponse, QuickOrderDto } from './quick-order.dto';
import { OrdersService } from './orders.service';

/** Many lines at once, pasted, uploaded or from a saved list; one order, one payment. */
@ApiTags('orders')
@Controller('quickOrders')
export class QuickOrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post('check')
  @HttpCode(200)
  @RateLimit('writes')
  @ApiOkResponse({
    type: QuickOrderCheckResponse,
    description:
      'Each line (a product name or id, and a quantity) checked in the order sent: the product found, its unit price (the lowest of its tiers and the caller’s company price list), and the problem if it cannot be ordered as it is (unknown product, listed twice, below the minimum, not whole packs, not enough stock); nothing is ordered',
  })
  @ApiInvalidInput
  check(@CurrentUser() customer: AuthUser, @Body() body: QuickOrderCheckDto) {
    return this.orders.check(body.lines, customer.email);
  }

  @Post()
  @Idempotent()
  @RateLimit('writes')
  @ApiCreatedResponse({
    type: InsertedResponse,
    description:
      'One unpaid order with a line per product (its toolId, name and img the first line’s, orderQuantity and totalPrice the sums), unit prices from the tiers; every line’s stock taken or none, held until reservedUntil unless paid',
  })
  @ApiInvalidInput
  @ApiConflictResponse({
    description:
      'The stock of a line went since the check (nothing ordered), or the customer already has MAX_UNPAID_ORDERS unpaid orders',
    type: ErrorResponse,
  })
  create(
    @CurrentUser() customer: AuthUser,
    @Body() body: QuickOrderDto,
    @IdempotentRun() run: KeyedRun | undefined,
  ) {
    return this.orders.createFromLines(customer, body, run);
  }
}
