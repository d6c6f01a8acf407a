import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { AuthUser } from './auth-user';

export const IS_PUBLIC = Symbol('public');
/** Marks public operations in the OpenAPI document; every other one is documented as signed-in. */
export const PUBLIC_EXTENSION = 'x-public';

/**
 * Every route needs a verified access token (the global JwtAuthGuard) unless it says it is
 * public; forgetting a decorator can only close a route, never open one.
 */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_EXTENSION, true));

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser =>
    context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
