import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Suggestion, SuggestionSchema } from './suggestion.schema';
import { SuggestionsController } from './suggestions.controller';

@Module({
  imports: [MongooseModule.forFeature([{ name: Suggestion.name, schema: SuggestionSchema }])],
  controllers: [SuggestionsController],
})
export class SuggestionsModule {}
