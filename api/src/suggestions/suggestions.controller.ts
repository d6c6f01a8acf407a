import { BadRequestException, Body, Controller, Post } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { isSuggestionComplete, Messages } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import { inserted, InsertedResponse } from '../common/answers.dto';
import { ErrorResponse } from '../common/error-response.dto';
import { RateLimit } from '../common/rate-limit.decorator';
import { CreateSuggestionDto } from './suggestion.dto';
import { Suggestion } from './suggestion.schema';
import { Public } from '../auth/auth.decorators';
import { Idempotent } from '../common/idempotency';

@ApiTags('suggestions')
@Controller('suggestions')
@Public()
export class SuggestionsController {
  constructor(@InjectModel(Suggestion.name) private readonly suggestions: Model<Suggestion>) {}

  @Post()
  @Idempotent()
  @RateLimit('suggestions')
  @ApiCreatedResponse({ type: InsertedResponse, description: 'Public' })
  @ApiBadRequestResponse({ description: 'Please fill out the form first', type: ErrorResponse })
  async create(@Body() body: CreateSuggestionDto) {
    if (!isSuggestionComplete(body)) throw new BadRequestException(Messages.suggestionIncomplete);
    const suggestion = await this.suggestions.create({
      email: body.email.trim(),
      opinion: body.opinion.trim(),
    });
    return inserted(suggestion._id);
  }
}
