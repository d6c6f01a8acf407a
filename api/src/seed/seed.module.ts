import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Review, ReviewSchema } from '../reviews/review.schema';
import { SavedListRecord, SavedListSchema } from '../saved-lists/saved-list.schema';
import { Tool, ToolSchema } from '../tools/tool.schema';
import { SeedService } from './seed.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Tool.name, schema: ToolSchema },
      { name: Review.name, schema: ReviewSchema },
      { name: SavedListRecord.name, schema: SavedListSchema },
    ]),
  ],
  providers: [SeedService],
})
export class SeedModule {}
