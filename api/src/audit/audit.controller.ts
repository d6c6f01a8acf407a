import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { AUDIT_ACTIONS, type AuditAction } from '@toolshop/contracts';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../access/access.decorators';
import { ApiInvalidInput } from '../common/error-response.dto';
import { PageQuery, pageOf, withTotal } from '../common/pagination';
import { AuditService } from './audit.service';

export class AuditEntryResponse {
  @ApiProperty() _id: string;
  @ApiProperty({ description: 'The admin’s email' }) actor: string;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action: AuditAction;
  @ApiProperty({ description: 'The product, order or review id, or the user’s email' })
  targetId: string;
  @ApiPropertyOptional() targetName?: string;
  @ApiPropertyOptional({ type: Object, description: 'e.g. { available: 40 } for a restock' })
  details?: Record<string, unknown>;
  @ApiPropertyOptional({
    type: Object,
    description:
      'The fields the action changed, as they were, e.g. { price: 30 } (none for what it created)',
  })
  before?: Record<string, unknown>;
  @ApiPropertyOptional({
    type: Object,
    description: 'The same fields as the action left them, e.g. { price: 25 }',
  })
  after?: Record<string, unknown>;
  @ApiProperty({ type: String, format: 'date-time' }) at: Date;
}

@ApiTags('audit')
@Controller('audit')
@AdminOnly()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOkResponse({
    type: [AuditEntryResponse],
    description: 'Every admin action, newest first; total in X-Total-Count',
  })
  @ApiInvalidInput
  async list(@Query() query: PageQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const { entries, total } = await this.audit.list(pageOf(query));
    return withTotal(reply, entries, total);
  }
}
