import { Body, Controller, Param, Patch, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { ApiMessages, RETURN_WINDOW_DAYS } from '@toolshop/contracts';
import { AdminOnly, OwnerOnly } from '../access/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { Idempotent } from '../common/idempotency';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import { ReturnDecisionDto, ReturnRequestDto } from './order.dto';
import { OrderParamOwner } from './order-owner';
import { OrderReturns } from './order-returns';

class ReturnRequestedResponse {
  @ApiProperty({ description: 'The return’s id: its order’s (one return per order)' })
  returnId: string;
}

@ApiTags('orders')
@Controller()
export class OrderReturnsController {
  constructor(private readonly returns: OrderReturns) {}

  @Post('orders/:id/returns')
  @Idempotent()
  @RateLimit('writes')
  @OwnerOnly(OrderParamOwner, ApiMessages.notYourRecords)
  @ApiCreatedResponse({
    type: ReturnRequestedResponse,
    description: `The customer asks to return a shipped or delivered order within ${RETURN_WINDOW_DAYS} days of delivery, saying why`,
  })
  @ApiInvalidInput
  @ApiConflictResponse({
    description: `The order is not shipped or delivered, or was delivered over ${RETURN_WINDOW_DAYS} days ago`,
    type: ErrorResponse,
  })
  request(@Param('id', ParseObjectIdPipe) id: string, @Body() body: ReturnRequestDto) {
    return this.returns.request(id, { reason: body.reason, lines: body.lines });
  }

  @Patch('returns/:id')
  @AdminOnly()
  @Idempotent()
  @Audited('order.return')
  @RateLimit('writes')
  @ApiOkResponse({
    description:
      'An admin approves a return, refuses it with a reason, or receives the goods back, which refunds the units returned (the refund is in the answer)',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No such order', type: ErrorResponse })
  @ApiConflictResponse({ description: 'The return is not in a state for it', type: ErrorResponse })
  decide(
    @CurrentUser() admin: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: ReturnDecisionDto,
  ) {
    return this.returns.decide(id, admin.email, body.decision, body.reason);
  }
}
