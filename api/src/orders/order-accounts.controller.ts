import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '../access/access.decorators';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import { OrderAccounts } from './order-accounts';

class RecordedPaymentResponse {
  @ApiProperty({ enum: ['paid'] }) state: 'paid';
}

/** Orders on a company's account: an admin records the company's payment. */
@ApiTags('orders')
@Controller()
export class OrderAccountsController {
  constructor(private readonly accounts: OrderAccounts) {}

  @Post('admin/orders/:id/payment')
  @HttpCode(200)
  @AdminOnly()
  @RateLimit('writes')
  @ApiOkResponse({
    type: RecordedPaymentResponse,
    description: 'On account -> paid: the invoice is issued and the company’s credit is free again',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No such order', type: ErrorResponse })
  @ApiConflictResponse({ description: 'The order is not on account', type: ErrorResponse })
  recordPayment(@CurrentUser() admin: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.accounts.recordPayment(id, admin.email);
  }
}
