import {
  BadRequestException,
  Body,
  ForbiddenException,
  Controller,
  Get,
  Param,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { isProfileComplete, PROFILE_FIELDS } from '@toolshop/contracts';
import type { FastifyReply } from 'fastify';
import { AdminOnly, CurrentUser, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ModifiedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { PageQuery, pageOf, withTotal } from '../common/pagination';
import { RateLimit } from '../common/rate-limit.decorator';
import { emailParam, EmailQuery } from '../common/email-query';
import { AdminResponse, ProfileDto, UserProfileResponse } from './profile.dto';
import { UsersService } from './users.service';

const notYours = ApiForbiddenResponse({
  description: 'Not the caller’s own email (and not an admin)',
  type: ErrorResponse,
});


@ApiTags('users')
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('users')
  @SignedIn()
  @RateLimit('account')
  @ApiOkResponse({
    type: [UserProfileResponse],
    description: 'The profile list; the first entry is used',
  })
  @ApiInvalidInput
  @notYours
  async profiles(@CurrentUser() caller: AuthUser, @Query() query: EmailQuery) {
    await this.users.assertSelfOrAdmin(caller, query.email);
    return this.users.profiles(query.email);
  }

  @Put('users')
  @SignedIn()
  @RateLimit('account')
  @ApiOkResponse({
    type: ModifiedResponse,
    description: 'Upserted: { email } alone, or all five profile fields',
  })
  @ApiInvalidInput
  @notYours
  async updateProfile(
    @CurrentUser() caller: AuthUser,
    @Query() query: EmailQuery,
    @Body() body: ProfileDto,
  ) {
    const email = query.email;
    if (email !== caller.email)
      throw new ForbiddenException('You can only change your own profile');
    if (body.email !== email)
      throw new BadRequestException('The email must be your own');
    const onlyEmail = PROFILE_FIELDS.every(
      (field) => field === 'email' || body[field] === undefined,
    );
    if (!onlyEmail && !isProfileComplete(body)) {
      throw new BadRequestException(
        'Fill in all five fields: email, location, phone, education and linkedIn',
      );
    }
    return this.users.updateProfile(email, body);
  }

  @Get('admin/:email')
  @SignedIn()
  @RateLimit('account')
  @ApiOkResponse({ type: AdminResponse })
  @ApiInvalidInput
  @notYours
  async isAdmin(@CurrentUser() caller: AuthUser, @Param('email') email: string) {
    const target = emailParam(email);
    await this.users.assertSelfOrAdmin(caller, target);
    // Of the caller: the rights the admin routes grant, which need a verified email.
    if (target === caller.email) return { admin: await this.users.hasAdminRights(caller) };
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
