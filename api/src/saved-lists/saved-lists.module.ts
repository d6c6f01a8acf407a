import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DatabaseLocks } from '../common/lease-locks';
import { CompanyMemberRecord, CompanyMemberSchema } from '../companies/company.schema';
import { ToolsModule } from '../tools/tools.module';
import { SavedListOwner } from './saved-list-owner';
import { SavedListRecord, SavedListSchema } from './saved-list.schema';
import { SavedListsController } from './saved-lists.controller';
import { SavedListsService } from './saved-lists.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: SavedListRecord.name, schema: SavedListSchema },
      // Read only: who shares a company with the caller.
      { name: CompanyMemberRecord.name, schema: CompanyMemberSchema },
    ]),
    ToolsModule,
  ],
  controllers: [SavedListsController],
  providers: [SavedListsService, SavedListOwner, DatabaseLocks],
})
export class SavedListsModule {}
