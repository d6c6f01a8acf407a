import { ApiMessages } from '@toolshop/contracts';
import {
  Controller,
  Get,
  HttpStatus,
  Inject,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Connection } from 'mongoose';
import { ErrorResponse } from '../common/error-response.dto';
import { Public } from '../auth/auth.decorators';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { missingIndexes } from './indexes';
import { Readiness } from './readiness';

const PING_TIMEOUT_MS = 2000;
export const SHUTTING_DOWN = 'The server is shutting down';
export const INDEXES_MISSING =
  'Database indexes are missing (run the index job: node api/dist/sync-indexes.js)';

@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly readiness: Readiness,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** With MONGODB_AUTO_INDEX=false: whether every declared index was found (checked until it was). */
  private indexesFound = false;

  @Get()
  @ApiOkResponse({ description: 'The process is alive' })
  alive() {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOkResponse({ description: 'The database answers and the process takes traffic' })
  @ApiServiceUnavailableResponse({
    description: `${ApiMessages.databaseUnreachable}, or: ${SHUTTING_DOWN} (after SIGTERM, while it finishes its requests), or (MONGODB_AUTO_INDEX=false): ${INDEXES_MISSING}`,
    type: ErrorResponse,
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    // Answered, not thrown: the load balancer polls this while the process drains; no error log.
    if (this.readiness.isDraining) {
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { statusCode: 503, message: SHUTTING_DOWN, error: 'Service Unavailable' };
    }
    const db = this.connection.db;
    const ping = db ? db.command({ ping: 1 }) : Promise.reject(new Error('not connected'));
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref(),
    );
    try {
      await Promise.race([ping, timeout]);
    } catch {
      throw new ServiceUnavailableException(ApiMessages.databaseUnreachable);
    }
    // Without autoIndex the index Job builds them: no traffic (no unique index unenforced) before.
    if (!this.config.autoIndex && !this.indexesFound) {
      const missing = await missingIndexes(this.connection).catch(() => ['(unreadable)']);
      if (missing.length)
        throw new ServiceUnavailableException(
          `${INDEXES_MISSING}: ${missing.slice(0, 5).join(', ')}`,
        );
      this.indexesFound = true;
    }
    return { status: 'ok', database: 'up' };
  }
}
