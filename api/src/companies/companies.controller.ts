import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Res,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../access/access.decorators';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { DeletedResponse, InsertedResponse, ModifiedResponse } from '../common/answers.dto';
import { emailParam } from '../common/email-query';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import {
  AcceptedInvitationResponse,
  CompanyInputDto,
  CompanyResponse,
  CompanySettingsDto,
  InvitationInputDto,
  PaymentTermsDto,
  MemberChangeDto,
} from './company.dto';
import { CompaniesService } from './companies.service';

const hidden = ApiNotFoundResponse({
  description: 'No such company, or one the caller does not belong to (the two answer alike)',
  type: ErrorResponse,
});
const ownersOnly = ApiForbiddenResponse({
  description: 'The caller is a member but not an owner',
  type: ErrorResponse,
});

/** Company accounts: the caller's company, its members and their invitations. */
@ApiTags('companies')
@Controller()
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Post('companies')
  @RateLimit('writes')
  @ApiCreatedResponse({ type: InsertedResponse, description: 'The caller is its owner' })
  @ApiInvalidInput
  @ApiConflictResponse({
    description: 'The caller already belongs to a company',
    type: ErrorResponse,
  })
  create(@CurrentUser() user: AuthUser, @Body() body: CompanyInputDto) {
    return this.companies.create(user.email, body);
  }

  @Get('companies/mine')
  @ApiOkResponse({ type: CompanyResponse, description: 'Invitations are listed for owners only' })
  // Most customers belong to none: an answer, not an error in every browser's console (a 404).
  @ApiNoContentResponse({ description: 'The caller belongs to no company' })
  async mine(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply) {
    const company = await this.companies.mine(user.email);
    if (!company) void reply.status(204);
    return company;
  }

  @Get('companies/:id')
  @AdminOnly()
  @ApiOkResponse({ type: CompanyResponse })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No such company', type: ErrorResponse })
  read(@Param('id', ParseObjectIdPipe) id: string) {
    return this.companies.read(id);
  }

  @Patch('companies/:id')
  @RateLimit('writes')
  @ApiOkResponse({
    type: ModifiedResponse,
    description:
      'Time zone of the monthly limits, which orders wait for approval, whether a PO number is required',
  })
  @ApiInvalidInput
  @hidden
  @ownersOnly
  updateSettings(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: CompanySettingsDto,
  ) {
    return this.companies.updateSettings(user.email, id, body);
  }

  @Delete('companies/:id/invitations/:email')
  @RateLimit('writes')
  @ApiOkResponse({
    type: DeletedResponse,
    description: 'The pending invitation’s link stops working',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({
    description:
      'No such company, one the caller does not belong to, or no pending invitation of this email',
    type: ErrorResponse,
  })
  @ownersOnly
  withdrawInvitation(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Param('email') email: string,
  ) {
    return this.companies.withdrawInvitation(user.email, id, emailParam(email));
  }

  @Put('admin/companies/:id/terms')
  @AdminOnly()
  @RateLimit('writes')
  @ApiOkResponse({
    type: ModifiedResponse,
    description:
      'Net terms: the company’s orders go on account (invoiced, due netDays after placing) up to creditLimit dollars outstanding',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No such company', type: ErrorResponse })
  setTerms(@Param('id', ParseObjectIdPipe) id: string, @Body() body: PaymentTermsDto) {
    return this.companies.setTerms(id, body);
  }

  @Post('companies/:id/invitations')
  @RateLimit('writes')
  @ApiCreatedResponse({
    type: InsertedResponse,
    description: 'Emails a single-use link, valid INVITATION_VALID_DAYS days',
  })
  @ApiInvalidInput
  @hidden
  @ownersOnly
  @ApiConflictResponse({ description: 'The person is a member already', type: ErrorResponse })
  invite(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: InvitationInputDto,
  ) {
    return this.companies.invite(user.email, id, body);
  }

  @Post('invitations/:token/accept')
  @HttpCode(200)
  @RateLimit('writes')
  @ApiOkResponse({ type: AcceptedInvitationResponse, description: 'Joined with the invited role' })
  @ApiInvalidInput
  @ApiNotFoundResponse({
    description: 'No such invitation, or one addressed to someone else',
    type: ErrorResponse,
  })
  @ApiConflictResponse({
    description: 'Used or expired, or the caller already belongs to a company',
    type: ErrorResponse,
  })
  accept(@CurrentUser() user: AuthUser, @Param('token') token: string) {
    return this.companies.accept(user.email, token);
  }

  @Patch('companies/:id/members/:email')
  @RateLimit('writes')
  @ApiOkResponse({ type: ModifiedResponse })
  @ApiInvalidInput
  @hidden
  @ownersOnly
  @ApiConflictResponse({ description: 'The company’s last owner', type: ErrorResponse })
  changeMember(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Param('email') email: string,
    @Body() body: MemberChangeDto,
  ) {
    return this.companies.changeMember(user.email, id, emailParam(email), body);
  }

  @Delete('companies/:id/members/:email')
  @RateLimit('writes')
  @ApiOkResponse({ type: DeletedResponse })
  @ApiInvalidInput
  @hidden
  @ownersOnly
  @ApiConflictResponse({ description: 'The company’s last owner', type: ErrorResponse })
  removeMember(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Param('email') email: string,
  ) {
    return this.companies.removeMember(user.email, id, emailParam(email));
  }
}
