import { ApiMessages } from '@toolshop/contracts';
import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ThrottlerException, ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';
import type { AuthUser } from '../auth/auth-user';
import { API_CONFIG, type ApiConfig } from '../config/config';
import type { RateLimitGroup } from './rate-limit-groups';

const MINUTE_MS = 60_000;

/**
 * The same per-minute limit as the address's, counted per signed-in account: many addresses (or a
 * proxy's one) cannot multiply one account's writes. Interceptors run after the guards, so the
 * account is the verified one.
 */
export function accountRateLimit(group: RateLimitGroup): Type<NestInterceptor> {
  @Injectable()
  class AccountRateLimitInterceptor implements NestInterceptor {
    constructor(
      @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
      @Inject(API_CONFIG) private readonly config: ApiConfig,
    ) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const user = http.getRequest<{ user?: AuthUser }>().user;
      if (user) {
        const limit = this.config.rateLimits[group];
        const name = `${group}-account`;
        const record = await this.storage.increment(
          `${name}:${user.sub}`,
          MINUTE_MS,
          limit,
          MINUTE_MS,
          name,
        );
        if (record.isBlocked) {
          void http.getResponse<FastifyReply>().header('Retry-After', record.timeToBlockExpire);
          throw new ThrottlerException(ApiMessages.tooManyRequests);
        }
      }
      return next.handle();
    }
  }
  return AccountRateLimitInterceptor;
}
