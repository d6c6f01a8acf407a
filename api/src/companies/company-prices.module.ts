import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ToolsModule } from '../tools/tools.module';
import { CompanyPricesController } from './company-prices.controller';
import { CompanyPriceListRecord, CompanyPriceListSchema } from './company-prices.schema';
import { CompanyPrices } from './company-prices.service';
import * as company from './company.schema';

/** Company price lists; orders import it to price a member's lines. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CompanyPriceListRecord.name, schema: CompanyPriceListSchema },
      { name: company.CompanyRecord.name, schema: company.CompanySchema },
      { name: company.CompanyMemberRecord.name, schema: company.CompanyMemberSchema },
    ]),
    ToolsModule,
  ],
  controllers: [CompanyPricesController],
  providers: [CompanyPrices],
  exports: [CompanyPrices],
})
export class CompanyPricesModule {}
