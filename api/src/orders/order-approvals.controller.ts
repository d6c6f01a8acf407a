import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import { ApprovalDto, ApprovalResponse, OrderAwaitingApprovalResponse } from './order-approval.dto';
import { OrderApprovals } from './order-approvals';

const approversOnly = ApiForbiddenResponse({
  description: 'A buyer of the company, or the order’s own buyer',
  type: ErrorResponse,
});

/** Company orders awaiting approval: the owners' and approvers' list and decision. */
@ApiTags('orders')
@Controller()
export class OrderApprovalsController {
  constructor(private readonly approvals: OrderApprovals) {}

  @Get('companies/mine/approvals')
  @ApiOkResponse({
    type: [OrderAwaitingApprovalResponse],
    description: 'The caller’s company’s orders awaiting approval, oldest first',
  })
  @ApiNotFoundResponse({ description: 'The caller belongs to no company', type: ErrorResponse })
  @approversOnly
  awaiting(@CurrentUser() caller: AuthUser) {
    return this.approvals.awaiting(caller.email);
  }

  @Post('orders/:id/approval')
  @HttpCode(200)
  @RateLimit('writes')
  @ApiOkResponse({
    type: ApprovalResponse,
    description:
      'approve: the order becomes unpaid (payable, reserved anew); decline: declined with the reason, stock released; the buyer is emailed',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({
    description:
      'No such order, or not an order of the caller’s company (admins included: approval is the company’s own)',
    type: ErrorResponse,
  })
  @approversOnly
  @ApiConflictResponse({
    description: 'The order is not awaiting approval (decided already, expired, cancelled)',
    type: ErrorResponse,
  })
  decide(
    @CurrentUser() caller: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: ApprovalDto,
  ) {
    return this.approvals.decide(id, caller.email, body);
  }
}
