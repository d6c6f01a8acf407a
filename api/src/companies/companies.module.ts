import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DatabaseLocks } from '../common/lease-locks';
import { CompaniesController } from './companies.controller';
import { CompaniesService } from './companies.service';
import { CompanyBuying } from './company-buying';
import {
  CompanyInvitationRecord,
  CompanyInvitationSchema,
  CompanyMemberRecord,
  CompanyMemberSchema,
  CompanyRecord,
  CompanySchema,
} from './company.schema';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CompanyRecord.name, schema: CompanySchema },
      { name: CompanyMemberRecord.name, schema: CompanyMemberSchema },
      { name: CompanyInvitationRecord.name, schema: CompanyInvitationSchema },
    ]),
  ],
  controllers: [CompaniesController],
  providers: [CompaniesService, CompanyBuying, DatabaseLocks],
  exports: [CompanyBuying],
})
export class CompaniesModule {}
