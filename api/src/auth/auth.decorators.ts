import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorResponse } from '../common/error-response.dto';
import { AdminGuard } from './admin.guard';
import type { AuthUser } from './auth-user';
import { JwtAuthGuard } from './jwt-auth.guard';

const unauthorized = ApiUnauthorizedResponse({
  description: 'No, expired or invalid access token',
  type: ErrorResponse,
});

/** A verified access token is required. */
export const SignedIn = () =>
  applyDecorators(UseGuards(JwtAuthGuard), ApiBearerAuth(), unauthorized);

/** A verified access token of a user whose record says admin. */
export const AdminOnly = () =>
  applyDecorators(
    UseGuards(JwtAuthGuard, AdminGuard),
    ApiBearerAuth(),
    unauthorized,
    ApiForbiddenResponse({ description: 'The caller is not an admin', type: ErrorResponse }),
  );

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser =>
    context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
