import { Body, Controller, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '../access/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { Idempotent } from '../common/idempotency';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import { RefundOrderDto, RefundResponse } from './order.dto';
import { OrderRefunds } from './order-refunds';

@ApiTags('admin orders')
@Controller('orders')
@AdminOnly()
export class OrderRefundsController {
  constructor(private readonly refunds: OrderRefunds) {}

  @Post(':id/refunds')
  @Idempotent()
  @Audited('order.refund')
  @RateLimit('writes')
  @ApiCreatedResponse({
    type: RefundResponse,
    description:
      'Refunds some units of a paid order, or every unit not refunded yet (the order is then refunded), through the payment provider, with a credit note; units that never shipped go back in stock; the customer is emailed. Asked again while the provider had not answered, it completes that refund',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No such order', type: ErrorResponse })
  @ApiConflictResponse({
    description:
      'The order is not paid, shipped or delivered, those units are refunded already, or the provider refused the refund',
    type: ErrorResponse,
  })
  refund(
    @CurrentUser() admin: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: RefundOrderDto,
  ) {
    return this.refunds.refund(id, admin.email, {
      reason: body.reason || undefined,
      lines: body.lines,
    });
  }
}
