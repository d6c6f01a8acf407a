import { ApiMessages } from '@toolshop/contracts';
import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Connection } from 'mongoose';
import { ErrorResponse } from '../common/error-response.dto';
import { Public } from '../auth/auth.decorators';

const PING_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  @Get()
  @ApiOkResponse({ description: 'The process is alive' })
  alive() {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOkResponse({ description: 'The database answers' })
  @ApiServiceUnavailableResponse({
    description: ApiMessages.databaseUnreachable,
    type: ErrorResponse,
  })
  async ready() {
    const db = this.connection.db;
    const ping = db ? db.command({ ping: 1 }) : Promise.reject(new Error('not connected'));
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref(),
    );
    try {
      await Promise.race([ping, timeout]);
      return { status: 'ok', database: 'up' };
    } catch {
      throw new ServiceUnavailableException(ApiMessages.databaseUnreachable);
    }
  }
}
