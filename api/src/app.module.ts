import { ApiMessages } from '@toolshop/contracts';
import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { getConnectionToken, MongooseModule } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { ThrottlerModule } from '@nestjs/throttler';
import { AccessModule } from './access/access.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { CompaniesModule } from './companies/companies.module';
import { CompanyPricesModule } from './companies/company-prices.module';
import type { ApiConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseThrottlerStorage } from './common/database-throttler-storage';
import { IdempotencyModule } from './common/idempotency';
import { mongoClientOptions } from './config/database-config';
import { HealthModule } from './health/health.module';
import { ImagesModule } from './images/images.module';
import { InvoicesModule } from './invoices/invoices.module';
import { MailModule } from './mail/mail.module';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { ReviewsModule } from './reviews/reviews.module';
import { QuotesModule } from './quotes/quotes.module';
import { SavedListsModule } from './saved-lists/saved-lists.module';
import { SeedModule } from './seed/seed.module';
import { SuggestionsModule } from './suggestions/suggestions.module';
import { ToolsModule } from './tools/tools.module';
import { UsersModule } from './users/users.module';
import { UsersService } from './users/users.service';

const MINUTE_MS = 60_000;

@Module({})
export class AppModule {
  /** The whole API for one configuration (so tests can build it with their own). */
  static forRoot(config: ApiConfig, extraModules: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // Finds the routes answered from a cache (common/cached-lists.ts).
        DiscoveryModule,
        ConfigModule.forRoot(config),
        MongooseModule.forRoot(config.mongodbUri, {
          dbName: config.dbName,
          // Built by createApp before anything starts, retrying what several processes collide on.
          autoIndex: false,
          ...mongoClientOptions(config.database),
        }),
        // The counters live in the database: every API process counts against the same limits.
        ThrottlerModule.forRootAsync({
          inject: [getConnectionToken()],
          useFactory: (connection: Connection) => ({
            throttlers: [
              { name: 'writes', ttl: MINUTE_MS, limit: config.rateLimits.writes },
              { name: 'account', ttl: MINUTE_MS, limit: config.rateLimits.account },
              { name: 'suggestions', ttl: MINUTE_MS, limit: config.rateLimits.suggestions },
            ],
            errorMessage: ApiMessages.tooManyRequests,
            storage: new DatabaseThrottlerStorage(connection),
          }),
        }),
        MailModule,
        IdempotencyModule,
        AuthModule.forRoot({ module: UsersModule, provider: UsersService }),
        AccessModule.forRoot({ module: UsersModule, provider: UsersService }),
        UsersModule,
        ToolsModule,
        OrdersModule,
        SavedListsModule,
        QuotesModule,
        CompaniesModule,
        CompanyPricesModule,
        InvoicesModule,
        PaymentsModule.register(config.payments),
        ReviewsModule,
        AuditModule,
        SuggestionsModule,
        HealthModule,
        ImagesModule,
        SeedModule,
        ...extraModules,
      ],
    };
  }
}
