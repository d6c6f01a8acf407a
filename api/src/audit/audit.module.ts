import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditController } from './audit.controller';
import { AuditEntry, AuditEntrySchema } from './audit-entry.schema';
import { AuditInterceptor } from './audit.interceptor';
import { AuditService } from './audit.service';

/**
 * The audit log of admin actions. Domains only mark their routes with @Audited, which puts the
 * AuditInterceptor on them (and on no other route: a route without interceptors skips Nest's
 * interceptor pipeline, a measurable share of a cached catalog read); it writes the entries, so
 * no domain service knows about auditing. Global, so each domain module can build the interceptor.
 */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: AuditEntry.name, schema: AuditEntrySchema }])],
  controllers: [AuditController],
  providers: [AuditService, AuditInterceptor],
  exports: [AuditService, AuditInterceptor],
})
export class AuditModule {}
