import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiMessages } from '@toolshop/contracts';
import type { FastifyReply } from 'fastify';
import { AdminOnly, OwnerOnly, OwnerOrAdmin } from '../access/access.decorators';
import { hasAdminRights } from '../access/admin-directory';
import { Audited } from '../audit/audited.decorator';
import { EmailParamOwner, EmailQueryOwner } from '../access/owner-lookup';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ModifiedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { emailParam, EmailQuery } from '../common/email-query';
import { PageQuery, pageOf, withTotal } from '../common/pagination';
import { RateLimit } from '../common/rate-limit.decorator';
import { AdminResponse, ProfileDto, UserProfileResponse } from './profile.dto';
import { UsersService } from './users.service';
import { Idempotent } from '../common/idempotency';

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('users')
  @OwnerOrAdmin(EmailQueryOwner)
  @RateLimit('account')
  @ApiOkResponse({
    type: [UserProfileResponse],
    description: 'The profile list; the first entry is used',
  })
  @ApiInvalidInput
  profiles(@Query() query: EmailQuery) {
    return this.users.profiles(query.email);
  }

  @Put('users')
  @Idempotent()
  @OwnerOnly(EmailQueryOwner, ApiMessages.notYourProfile)
  @RateLimit('account')
  @ApiOkResponse({
    type: ModifiedResponse,
    description: 'Upserted: { email } alone, or all five profile fields',
  })
  @ApiInvalidInput
  updateProfile(@Query() query: EmailQuery, @Body() body: ProfileDto) {
    return this.users.updateProfile(query.email, body);
  }

  @Get('admin/:email')
  @OwnerOrAdmin(EmailParamOwner)
  @RateLimit('account')
  @ApiOkResponse({ type: AdminResponse })
  @ApiInvalidInput
  async isAdmin(@CurrentUser() caller: AuthUser, @Param('email') email: string) {
    const target = emailParam(email);
    // Of the caller: the rights the admin routes grant, which need a verified email.
    if (target === caller.email) return { admin: await hasAdminRights(this.users, caller) };
    return { admin: await this.users.isAdmin(target) };
  }

  @Get('user')
  @AdminOnly()
  @ApiOkResponse({ type: [UserProfileResponse], description: 'All users (email, role), by email' })
  @ApiInvalidInput
  async list(@Query() query: PageQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const page = pageOf(query);
    const { users, total } = await this.users.list(page);
    return withTotal(reply, users, total);
  }

  @Put('user/admin/:email')
  @Idempotent()
  @Audited('user.makeAdmin')
  @AdminOnly()
  @RateLimit('writes')
  @ApiOkResponse({
    type: ModifiedResponse,
    description: 'modifiedCount 0 when the user already was an admin',
  })
  @ApiNotFoundResponse({ description: 'No user with this email', type: ErrorResponse })
  @ApiInvalidInput
  makeAdmin(@Param('email') email: string) {
    return this.users.makeAdmin(emailParam(email));
  }
}
