import {
  Controller,
  Get,
  Headers,
  Inject,
  NotFoundException,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { bearerChecker } from '@toolshop/observability';
import { Public } from '../auth/auth.decorators';
import { ErrorResponse } from '../common/error-response.dto';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { ApiMetrics } from './api-metrics';

export const METRICS_SECURITY = 'metrics';

/**
 * GET /metrics for Prometheus. Not a shop route: it needs METRICS_TOKEN as a bearer token (not a
 * user's token); without METRICS_TOKEN it is open in development and absent (404) in production.
 */
@ApiTags('operations')
@Controller('metrics')
@Public()
export class MetricsController {
  private readonly tokenMatches?: (authorization: string | undefined) => boolean;

  constructor(
    private readonly metrics: ApiMetrics,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    if (config.metricsToken) this.tokenMatches = bearerChecker(config.metricsToken);
  }

  @Get()
  @ApiSecurity(METRICS_SECURITY)
  // Text for the metrics only: the 401/404 answers are the API's JSON errors.
  @ApiOkResponse({
    description: 'Prometheus text format: HTTP, orders, payments, database pool, process',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiUnauthorizedResponse({ description: 'No or wrong METRICS_TOKEN bearer', type: ErrorResponse })
  @ApiNotFoundResponse({
    description: 'Production without METRICS_TOKEN: metrics are off',
    type: ErrorResponse,
  })
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    if (this.tokenMatches) {
      if (!this.tokenMatches(authorization))
        throw new UnauthorizedException('A valid metrics token is required');
    } else if (this.config.production) {
      throw new NotFoundException();
    }
    void reply.header('Content-Type', this.metrics.contentType).header('Cache-Control', 'no-store');
    return this.metrics.render();
  }
}
