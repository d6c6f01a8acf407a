import { applyDecorators, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import { accountRateLimit } from './account-rate-limit.interceptor';
import { ErrorResponse } from './error-response.dto';
import { RATE_LIMIT_GROUPS, type RateLimitGroup } from './rate-limit-groups';

/**
 * Limits the route per client address within one group, and per signed-in account too; routes
 * without it are never throttled.
 */
export const RateLimit = (group: RateLimitGroup) =>
  applyDecorators(
    UseGuards(ThrottlerGuard),
    UseInterceptors(accountRateLimit(group)),
    SkipThrottle(
      Object.fromEntries(
        RATE_LIMIT_GROUPS.filter((other) => other !== group).map((other) => [other, true]),
      ),
    ),
    ApiTooManyRequestsResponse({
      description: 'Too many requests; try again in a minute',
      type: ErrorResponse,
    }),
  );
