import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '../access/access.decorators';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { InsertedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import {
  QuoteAcceptDto,
  QuoteAnswerDto,
  QuoteListQuery,
  QuoteMessageInputDto,
  QuoteRequestDto,
  QuoteResponse,
} from './quote.dto';
import { QuotesService } from './quotes.service';

const hidden = ApiNotFoundResponse({
  description: 'No such quote, or one of another customer or company (the two answer alike)',
  type: ErrorResponse,
});
const stateConflict = (description: string) =>
  ApiConflictResponse({ description, type: ErrorResponse });

/** Prices asked for a list of products, answered by the shop, accepted as one order. */
@ApiTags('quotes')
@Controller('quotes')
export class QuotesController {
  constructor(private readonly quotes: QuotesService) {}

  @Post()
  @RateLimit('writes')
  @ApiCreatedResponse({
    type: InsertedResponse,
    description:
      'A requested quote; each line’s product read as a quick order reads it (SKU, name or id) and its quantity rules kept (stock is checked on accept). A company member’s quote belongs to the company.',
  })
  @ApiInvalidInput
  request(@CurrentUser() user: AuthUser, @Body() body: QuoteRequestDto) {
    return this.quotes.request(user, body);
  }

  @Get()
  @ApiOkResponse({
    type: [QuoteResponse],
    description: 'Newest first: the caller’s and their company’s quotes; an admin’s: every quote',
  })
  @ApiInvalidInput
  list(@CurrentUser() user: AuthUser, @Query() query: QuoteListQuery) {
    return this.quotes.list(user, query.state);
  }

  @Get(':id')
  @ApiOkResponse({ type: QuoteResponse })
  @ApiInvalidInput
  @hidden
  get(@CurrentUser() user: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.quotes.get(user, id);
  }

  @Patch(':id')
  @AdminOnly()
  @RateLimit('writes')
  @ApiOkResponse({
    type: QuoteResponse,
    description: 'The answer: a unit price per line and a validity date; the buyer is emailed',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No such quote', type: ErrorResponse })
  @stateConflict('The quote was accepted or declined')
  answer(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: QuoteAnswerDto,
  ) {
    return this.quotes.answer(user, id, body);
  }

  @Post(':id/messages')
  @RateLimit('writes')
  @ApiCreatedResponse({ type: QuoteResponse, description: 'The quote with the message added' })
  @ApiInvalidInput
  @hidden
  @stateConflict('The quote holds the most messages it can')
  addMessage(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: QuoteMessageInputDto,
  ) {
    return this.quotes.addMessage(user, id, body.text);
  }

  @Post(':id/accept')
  @RateLimit('writes')
  @ApiCreatedResponse({
    type: InsertedResponse,
    description:
      'The order placed at the quoted prices (every line’s stock taken or none); a quote is accepted once',
  })
  @ApiInvalidInput
  @hidden
  @stateConflict(
    'Not answered, already accepted, declined or expired ("This quote has expired"), or a product’s stock is short (named)',
  )
  accept(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: QuoteAcceptDto,
  ) {
    return this.quotes.accept(user, id, body);
  }

  @Post(':id/decline')
  @HttpCode(200)
  @RateLimit('writes')
  @ApiOkResponse({ type: QuoteResponse })
  @ApiInvalidInput
  @hidden
  @stateConflict('Already accepted or declined')
  decline(@CurrentUser() user: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.quotes.decline(user, id);
  }
}
