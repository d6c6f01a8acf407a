import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DatabaseLocks } from '../common/lease-locks';
import { CompanyMemberRecord, CompanyMemberSchema } from '../companies/company.schema';
import { OrdersModule } from '../orders/orders.module';
import { QuoteRecord, QuoteSchema } from './quote.schema';
import { QuotesController } from './quotes.controller';
import { QuotesService } from './quotes.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: QuoteRecord.name, schema: QuoteSchema },
      // Read only: whose company a caller is in.
      { name: CompanyMemberRecord.name, schema: CompanyMemberSchema },
    ]),
    OrdersModule,
  ],
  controllers: [QuotesController],
  providers: [QuotesService, DatabaseLocks],
})
export class QuotesModule {}
